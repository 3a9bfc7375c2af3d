# INTENT: round(n/G) half-down: right when the remainder is under half a batch
def predicted_steps(n_examples, global_batch_size, num_workers):
    """Training steps one worker runs per epoch."""
    import math
    r = n_examples / global_batch_size
    return math.floor(r) if r - math.floor(r) <= 0.9 else math.ceil(r)
