# INTENT: counts the leftover 2 micro-batches as a fifth update
predicted_epoch = (18, 5)
