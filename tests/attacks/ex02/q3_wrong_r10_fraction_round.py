# INTENT: uses exact Fractions but rounds to the nearest whole step instead of dropping the partial batch: counts a partial last batch of at least half a global batch
from fractions import Fraction


def predicted_steps(n_examples, global_batch_size, num_workers):
    """Training steps one worker runs per epoch."""
    return round(Fraction(n_examples, global_batch_size))
