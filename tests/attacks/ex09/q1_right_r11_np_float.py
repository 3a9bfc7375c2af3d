# INTENT: wrong type: the number as a numpy float64 from np.ceil (bytes are a whole number)
import numpy as _np
_sizes = _np.array([IN_DIM * HIDDEN, HIDDEN, HIDDEN * OUT_DIM, OUT_DIM])
predicted_bytes = 4 * _sizes.sum() + 12 * _np.ceil(_sizes / NUM_REPLICAS).sum()
