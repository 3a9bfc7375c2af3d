# INTENT: right counts but as floats (two ints asked), from float arithmetic
predicted_epoch = (EPOCH_EXAMPLES // 16.0, EPOCH_EXAMPLES // 64.0)
