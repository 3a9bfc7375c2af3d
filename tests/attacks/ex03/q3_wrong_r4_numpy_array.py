# INTENT: a one-element numpy array, not a number
import numpy as np
predicted_max_batch = np.array([554])
