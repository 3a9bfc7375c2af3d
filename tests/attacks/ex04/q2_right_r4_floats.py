# INTENT: float arithmetic leaves floats (18.0, 4.0), not the two ints asked for
predicted_epoch = (EPOCH_EXAMPLES // 16 * 1.0, 18 / 4 // 1)
