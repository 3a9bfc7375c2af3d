# INTENT: a string of the right number (student pastes the printed value)
predicted_bytes = "16876"
