# INTENT: the number as text (e.g. copied from the printed output)
predicted_scale = "4096.0"
