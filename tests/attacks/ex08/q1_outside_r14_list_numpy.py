# INTENT: wrong: a numpy float array instead of the (int, int) pair asked for
import numpy as np
predicted = np.array([195.0, 4.0])
