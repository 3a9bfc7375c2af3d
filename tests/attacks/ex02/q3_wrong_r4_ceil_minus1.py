# INTENT: ceil(n/G) - 1 (drops 'the last' batch even when it is whole)
def predicted_steps(n_examples, global_batch_size, num_workers):
    """Training steps one worker runs per epoch."""
    import math
    return math.ceil(n_examples / global_batch_size) - 1
