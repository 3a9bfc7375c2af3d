# INTENT: the number with thousands separators, as the check prints it
predicted_bytes = "16,876"
