# INTENT: wrong: the number stored as float16 (14.28125, off by 1.25e-3)
import numpy as np
PREDICTED_ALLREDUCE_MS = np.float16(14.28)
