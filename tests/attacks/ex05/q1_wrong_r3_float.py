# INTENT: leaves the fractional answer (13.67) instead of the whole number of micro-batches
predicted_micro_batches = (P - 1) / TARGET_BUBBLE - (P - 1)
