# INTENT: counts the 2 leftover micro-batches as one more update
predicted_epoch = (18, 5)
