def predicted_steps(n_examples, global_batch_size, num_workers):
    """Training steps one worker runs per epoch."""
    per_worker_batch = global_batch_size // num_workers
    whole_global_batches = n_examples // global_batch_size
    usable = whole_global_batches * global_batch_size
    return (usable // num_workers) // per_worker_batch
