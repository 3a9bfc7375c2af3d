# INTENT: forgets to floor: 300/16 micro-steps and 300/64 updates as fractions (18.75, 4.6875).
predicted_epoch = (EPOCH_EXAMPLES / 16, EPOCH_EXAMPLES / GLOBAL_BATCH_SIZE)
