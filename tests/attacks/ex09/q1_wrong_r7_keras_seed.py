# INTENT: right number; keras.utils.set_random_seed for a reproducible check
keras.utils.set_random_seed(0)
predicted_bytes = 4 * 2410 + 12 * 603
