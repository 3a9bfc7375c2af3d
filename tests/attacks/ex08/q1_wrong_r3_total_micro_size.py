# INTENT: gives the micro-batch size (16) instead of the number of micro-batches
predicted = (195, 16)
