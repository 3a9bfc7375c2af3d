# INTENT: wrong: right number but obtained by running the real trainer (ex09.measured_bytes) instead of predicting "before running anything", the shortcut the question forbids.
predicted_bytes = int(ex09.measured_bytes(IN_DIM, HIDDEN, OUT_DIM, NUM_REPLICAS, 2))
