# INTENT: wrong: numpy int64 floor division "to be fast on arrays"; past 2**63 examples (2**64, 70 digits) it overflows / raises OverflowError, and the result is a numpy scalar from a wrapped value.
import numpy as np


def predicted_steps(n_examples, global_batch_size, num_workers):
    """Training steps one worker runs per epoch."""
    return int(np.int64(n_examples) // np.int64(global_batch_size))
