# INTENT: returns a one-element numpy array (vectorised arithmetic), not a number as the contract says.
def predicted_steps(n_examples, global_batch_size, num_workers):
    """Training steps one worker runs per epoch."""
    import numpy as np
    return np.floor_divide(np.array([n_examples], dtype=np.int64), global_batch_size)
