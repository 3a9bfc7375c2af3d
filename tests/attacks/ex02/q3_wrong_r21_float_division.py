# INTENT: wrong: int(n / G) goes through float64: past 2**53 examples (e.g. 2**54 + G - 1, or a 70-digit count) the quotient is rounded before int(), so it can be one step off or garbage.
def predicted_steps(n_examples, global_batch_size, num_workers):
    """Training steps one worker runs per epoch."""
    return int(n_examples / global_batch_size)
