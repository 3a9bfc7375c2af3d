# INTENT: wrong: runs the trainer (measured_bytes) instead of predicting before running
predicted_bytes = ex09.measured_bytes(IN_DIM, HIDDEN, OUT_DIM, NUM_REPLICAS, 2)
