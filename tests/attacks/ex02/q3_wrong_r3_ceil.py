# INTENT: counts the partial last batch (ceil).
import math

def predicted_steps(n_examples, global_batch_size, num_workers):
    """Training steps one worker runs per epoch."""
    return math.ceil(n_examples / global_batch_size)
