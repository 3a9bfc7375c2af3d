# INTENT: a string "4096"
predicted_scale = "4096"
