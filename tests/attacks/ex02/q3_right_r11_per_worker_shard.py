def predicted_steps(n_examples, global_batch_size, num_workers):
    """Training steps one worker runs per epoch."""
    shard = n_examples // num_workers
    return shard // (global_batch_size // num_workers)
