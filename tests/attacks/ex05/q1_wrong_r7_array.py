# INTENT: a one-element numpy array from vectorised arithmetic, not a whole number.
import numpy as np
_m = np.arange(1, 100)
predicted_micro_batches = _m[(P - 1) / (_m + P - 1) <= TARGET_BUBBLE][:1]
