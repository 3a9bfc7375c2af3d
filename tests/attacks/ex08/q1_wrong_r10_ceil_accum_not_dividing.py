# INTENT: ceil(64 / 24) = 3 micro-batches: fits, but 64 does not split into 3 equal whole micro-batches
predicted = (N_EXAMPLES // GLOBAL_BATCH, -(-(GLOBAL_BATCH // NUM_REPLICAS) // MAX_PER_REPLICA))
