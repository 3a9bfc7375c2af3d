def predicted_steps(n_examples, global_batch_size, num_workers):
    """Training steps one worker runs per epoch."""
    whole = n_examples // global_batch_size * global_batch_size   # the cut to whole global batches
    per_worker_examples = whole // num_workers                      # this worker's shard
    return per_worker_examples // (global_batch_size // num_workers)
