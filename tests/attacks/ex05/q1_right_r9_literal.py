predicted_micro_batches = 14.0
