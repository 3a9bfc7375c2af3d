# INTENT: counts micro-batch steps as updates: 195 x 4 = 780 updates per epoch
predicted = (780, 4)
