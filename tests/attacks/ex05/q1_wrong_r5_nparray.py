# INTENT: a numpy array holding the number (vectorized arithmetic), not a whole number
import numpy as np
predicted_micro_batches = np.ceil(np.array([(P - 1) / TARGET_BUBBLE - (P - 1)])).astype(int)
