# INTENT: rounds 300 / 16 = 18.75 to the nearest (19 micro-steps): the partial micro-batch is dropped, so it is 18.
predicted_epoch = (round(EPOCH_EXAMPLES / 16), round(EPOCH_EXAMPLES / 16) // 4)
