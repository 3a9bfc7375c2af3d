# INTENT: counts forward passes (micro-batch steps) per epoch instead of weight updates
predicted = (N_EXAMPLES // GLOBAL_BATCH * 4, 4)
