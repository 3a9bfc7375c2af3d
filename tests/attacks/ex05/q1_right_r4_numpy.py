# INTENT: numpy ceil returns numpy.float64(14.0), not an int
import numpy as np
predicted_micro_batches = np.ceil((P - 1) * (1 - TARGET_BUBBLE) / TARGET_BUBBLE)
