# INTENT: treats MAX_PER_REPLICA as the whole micro-batch over all replicas: ceil-to-divisor of 256 with micro-batch <= 24 -> 16 micro-batches of 16
predicted = (195, 16)
