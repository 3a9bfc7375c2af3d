def predicted_steps(n_examples, global_batch_size, num_workers):
    """Training steps one worker runs per epoch."""
    per_replica = global_batch_size // num_workers
    return (n_examples // num_workers) // per_replica
