# INTENT: gives the micro-batch size per replica (16) instead of the number of micro-batches (4)
predicted = (195, 16)
