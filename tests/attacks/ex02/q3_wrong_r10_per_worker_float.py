# INTENT: examples per worker divided by the per-worker batch, with math.floor on true divisions: float64 rounding beyond 2**53 examples
import math


def predicted_steps(n_examples, global_batch_size, num_workers):
    """Training steps one worker runs per epoch."""
    per_worker_examples = math.floor(n_examples / num_workers)
    return math.floor(per_worker_examples / (global_batch_size / num_workers))
