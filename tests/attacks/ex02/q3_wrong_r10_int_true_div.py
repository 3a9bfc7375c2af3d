# INTENT: int(n / gb) with true division: a float64 quotient, wrong beyond 2**53 examples
def predicted_steps(n_examples, global_batch_size, num_workers):
    """Training steps one worker runs per epoch."""
    return int(n_examples / global_batch_size)
