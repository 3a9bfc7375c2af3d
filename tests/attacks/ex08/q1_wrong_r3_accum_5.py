# INTENT: 5 micro-batches: 64/5 not whole
predicted = (195, 5)
