# INTENT: solves the inequality but does not round up: a fraction of a micro-batch.
predicted_micro_batches = (P - 1) / TARGET_BUBBLE - (P - 1)
