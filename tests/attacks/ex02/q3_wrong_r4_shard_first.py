# INTENT: shard first (ceil(n/W) examples on worker 0), then its per-worker batches, no cut
def predicted_steps(n_examples, global_batch_size, num_workers):
    """Training steps one worker runs per epoch."""
    import math
    return math.ceil(n_examples / num_workers) // (global_batch_size // num_workers)
