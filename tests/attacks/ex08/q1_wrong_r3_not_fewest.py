# INTENT: a power of two that fits but not the fewest (8 micro-batches of 8)
predicted = (195, 8)
