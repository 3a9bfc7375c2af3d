# INTENT: wrong: a NumPy array array([195, 4]) instead of the tuple (updates_per_epoch, accum_steps) of ints.
# RULED outside (issue 38, round 28): a NumPy array of the two numbers is the pair (rounds 9 and 14, issue 28's audit: np.array([195, 4]) passes; the prompt now says so)
import numpy as _np
predicted = _np.array([N_EXAMPLES // GLOBAL_BATCH, 4])
