# INTENT: counts micro-batch steps per epoch (195 updates x 4 micro-batches) as 'updates'
predicted = (N_EXAMPLES // GLOBAL_BATCH * 4, 4)
