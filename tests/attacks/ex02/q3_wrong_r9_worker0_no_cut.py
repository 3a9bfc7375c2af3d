# INTENT: counts worker 0's steps from its shard of the uncut data (ceil(n / W) examples, batches of GB / W): with a remainder of nearly one global batch worker 0 gets one step more than the cut allows
def predicted_steps(n_examples, global_batch_size, num_workers):
    """Training steps one worker runs per epoch."""
    shard = -(-n_examples // num_workers)
    return shard // (global_batch_size // num_workers)
