# INTENT: counts micro-batch steps (50000 // 64 per-replica... per micro-batch of 64 global) as updates
predicted = (781, 4)
