# INTENT (right, round 9 ruling: a whole float is right for a count of bytes): np.ceil-based padding leaves a numpy float64: bytes as a float, not a whole number
import numpy as np
_sizes = [IN_DIM * HIDDEN, HIDDEN, HIDDEN * OUT_DIM, OUT_DIM]
predicted_bytes = 4 * sum(_sizes) + 12 * sum(np.ceil(s / NUM_REPLICAS) for s in _sizes)
