# INTENT: round(n/gb - 0.5) as floor: banker's rounding gives one step less when n is an odd whole number of global batches
def predicted_steps(n_examples, global_batch_size, num_workers):
    """Training steps one worker runs per epoch."""
    return round(n_examples / global_batch_size - 0.5)
