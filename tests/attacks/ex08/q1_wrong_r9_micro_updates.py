# INTENT: counts micro-batch steps as updates per epoch (195*4) rather than weight updates
predicted = (780, 4)
