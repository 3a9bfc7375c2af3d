# INTENT: numpy float64 values, not ints
import numpy as np
predicted_epoch = (np.float64(18), np.float64(4))
