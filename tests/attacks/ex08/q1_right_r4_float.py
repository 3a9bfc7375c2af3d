# INTENT: true division then floor as float: (195.0, 4.0) instead of whole counts
predicted = (N_EXAMPLES / GLOBAL_BATCH // 1, float(-(-GLOBAL_BATCH // NUM_REPLICAS // MAX_PER_REPLICA) + 1))
