# INTENT: does the arithmetic in numpy int64 (vectorisable): exact up to 2**63 - 1, overflows (or raises) for larger sizes, and returns a numpy integer
def predicted_steps(n_examples, global_batch_size, num_workers):
    """Training steps one worker runs per epoch."""
    import numpy as np
    return np.int64(n_examples) // np.int64(global_batch_size)
