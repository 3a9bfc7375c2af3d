# INTENT: round(n/gb - 0.5) variant with numpy (round half to even): one step too few when n is an exact odd number of global batches
import numpy as np

def predicted_steps(n_examples, global_batch_size, num_workers):
    """Training steps one worker runs per epoch."""
    return int(np.round(n_examples / global_batch_size - 0.5))
