# INTENT: assumes micro-batch counts are powers of two dividing the GLOBAL batch: 256/24 -> 16 micro-batches over all replicas
predicted = (195, 16 // NUM_REPLICAS * NUM_REPLICAS)
