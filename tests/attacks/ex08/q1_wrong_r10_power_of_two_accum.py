# INTENT: picks micro-batches of 8 (powers of two 'to be safe'): fits and divides, but not the fewest (8 instead of 4)
predicted = (195, 8)
