# INTENT: wrong: a list of numpy int64 values instead of the tuple `predicted = (updates_per_epoch, accum_steps)` of Python ints.
# RULED outside (issue 38, round 28): a list of NumPy integers is the pair of the two numbers (rounds 9 and 14, issue 28: a list or array of the pair reads as the pair; the prompt now says so)
import numpy as _np
predicted = [_np.int64(195), _np.int64(4)]
