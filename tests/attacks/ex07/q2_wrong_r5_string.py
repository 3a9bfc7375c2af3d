# INTENT: the number written as a string "with two decimals" (formatted): not a number
PREDICTED_ALLREDUCE_MS = "14.28"
