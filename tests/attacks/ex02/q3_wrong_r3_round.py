# INTENT: rounds to nearest instead of dropping the remainder.
def predicted_steps(n_examples, global_batch_size, num_workers):
    """Training steps one worker runs per epoch."""
    return round(n_examples / global_batch_size)
