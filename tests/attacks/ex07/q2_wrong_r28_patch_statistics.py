# INTENT: wrong: right number, but the cell monkey-patches statistics.median for the session (to a NumPy median), a global change, breaking "leave the session as you found it".
import statistics
import numpy as np
statistics.median = lambda data: float(np.median(list(data)))
PREDICTED_ALLREDUCE_MS = 14.28
