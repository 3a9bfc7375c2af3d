# INTENT: a float numpy array, not a pair of ints
import numpy as np
predicted_epoch = np.array([18.0, 4.0])
