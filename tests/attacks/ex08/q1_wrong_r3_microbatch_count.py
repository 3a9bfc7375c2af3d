# INTENT: counts micro-batches per epoch (195 x 4) instead of weight updates
predicted = (780, 4)
