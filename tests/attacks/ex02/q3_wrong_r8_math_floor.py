# INTENT: math.floor of a float quotient: wrong once n/gb is not representable (huge n), not exact for any size
import math

def predicted_steps(n_examples, global_batch_size, num_workers):
    """Training steps one worker runs per epoch."""
    return math.floor(n_examples / global_batch_size)
