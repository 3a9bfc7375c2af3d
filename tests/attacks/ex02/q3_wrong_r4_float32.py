# INTENT: float32 division: wrong for large n (rounding)
def predicted_steps(n_examples, global_batch_size, num_workers):
    """Training steps one worker runs per epoch."""
    import numpy as np
    return int(np.float32(n_examples) / np.float32(global_batch_size))
