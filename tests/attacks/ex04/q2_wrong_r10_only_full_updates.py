# INTENT: thinks the micro-batches of the unfinished last accumulation are not run either: 4 updates x 4 = 16 micro-steps (really 18 are called).
predicted_epoch = (4 * 4, 300 // 64)
