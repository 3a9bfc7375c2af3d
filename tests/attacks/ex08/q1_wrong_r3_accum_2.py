# INTENT: 2 micro-batches of 32: does not fit 24
predicted = (195, 2)
