# INTENT: counts the tokens kept instead of the dropped ones (16 - 4). (public check: caught)
predicted_dropped = 12
