# INTENT: wrong: a 0-d numpy float32 array computed in float32, not a Python number.
import numpy as np
PREDICTED_ALLREDUCE_MS = np.asarray(2 * 7 * 20e-3 + 2 * 7 / 8 * 200e6 / 25e9 * 1e3, dtype=np.float32)
