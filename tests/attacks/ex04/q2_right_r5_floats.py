# INTENT: the numbers as floats (true division), the contract asks for two ints
predicted_epoch = (300 / 16 - 300 % 16 / 16, 18 / 4 - 0.5)
