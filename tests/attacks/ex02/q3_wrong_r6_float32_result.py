# INTENT: computes exactly but returns np.float32 ("a whole float is fine"): once an epoch has more than 2**24 steps (n > 2**24 * gb, e.g. 2e9 examples at gb 48 -> ~4.2e7 steps) the float32 rounds to a neighbouring even number.
def predicted_steps(n_examples, global_batch_size, num_workers):
    """Training steps one worker runs per epoch."""
    import numpy as np
    return np.float32(n_examples // global_batch_size)
