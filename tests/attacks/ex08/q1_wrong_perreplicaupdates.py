# INTENT: counts updates with the per-replica batch (50000 // 64 = 781) as if each replica's batch were an update.
predicted = (781, 4)
