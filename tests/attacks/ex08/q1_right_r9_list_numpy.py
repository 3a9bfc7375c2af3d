# INTENT (right, round 9 ruling: a whole float, a numpy number, an array for the pair are right for counts): the pair as a numpy array of floats instead of the (updates, accum) tuple of ints: np.floor(50000/256), 4.0
import numpy as np
predicted = np.array([np.floor(N_EXAMPLES / GLOBAL_BATCH), 4.0])
