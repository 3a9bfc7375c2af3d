# INTENT: updates counted as round(300 / 64) = 5 (rounding the examples instead of whole updates from whole micro-batches)
predicted_epoch = (18, round(EPOCH_EXAMPLES / GLOBAL_BATCH_SIZE))
