# INTENT: divides the examples by the per-replica batch: 50000 // 64
predicted = (781, 4)
