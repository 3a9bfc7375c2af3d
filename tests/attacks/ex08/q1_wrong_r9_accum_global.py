# INTENT: accumulation computed from the global batch against one device's capacity: 256/24 -> fewest divisor of 256 with 256/k<=24 is 16
predicted = (195, 16)
