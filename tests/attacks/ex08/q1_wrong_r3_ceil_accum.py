# INTENT: ceil(64/24) = 3 micro-batches: fits, but 64 does not split into 3 equal whole micro-batches
predicted = (195, 3)
