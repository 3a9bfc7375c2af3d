# INTENT: int(n / gb) with true division: float64 rounding makes it wrong for very large counts (n = k*gb - 1 near 2**53+), not 'exact for any size'
def predicted_steps(n_examples, global_batch_size, num_workers):
    """Training steps one worker runs per epoch."""
    return int(n_examples / global_batch_size)
