# INTENT: wrong: writes the right number as a string "14.28" rather than a number.
PREDICTED_ALLREDUCE_MS = "14.28"
