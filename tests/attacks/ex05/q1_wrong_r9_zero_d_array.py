# INTENT: the count as a 0-d numpy array (np.ceil on an array, reshaped), not an int / numpy int / whole float
import numpy as np
predicted_micro_batches = np.ceil(np.asarray([(P - 1) / TARGET_BUBBLE - (P - 1)])).reshape(())
