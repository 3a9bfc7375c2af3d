# INTENT: a float16 numpy array instead of a pair of counts (whole floats, but not a tuple of int/whole float)
import numpy as np
predicted_epoch = np.array([18.0, 4.0], dtype=np.float16)
