# INTENT: right (other style): whole global batches as the floor of an exact Fraction (per worker: per-worker examples of the cut data over the per-worker batch, which is the same number), exact for 70-digit counts.
import math
from fractions import Fraction


def predicted_steps(n_examples, global_batch_size, num_workers):
    """Training steps one worker runs per epoch."""
    whole_batches = math.floor(Fraction(n_examples, global_batch_size))
    per_worker_examples = Fraction(whole_batches * global_batch_size, num_workers)
    per_worker_batch = Fraction(global_batch_size, num_workers)
    steps = per_worker_examples / per_worker_batch
    assert steps.denominator == 1
    return steps.numerator
