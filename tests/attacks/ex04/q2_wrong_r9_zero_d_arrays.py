# INTENT: the counts as 0-d numpy arrays (np.floor_divide on arrays), not an int / numpy int / whole float as the prompt lists
import numpy as np
_micro = np.asarray(EPOCH_EXAMPLES) // np.asarray(16)
predicted_epoch = (np.array(_micro), np.array(_micro // 4))
