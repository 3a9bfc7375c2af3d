def predicted_steps(n_examples, global_batch_size, num_workers):
    """Training steps one worker runs per epoch."""
    per_worker = global_batch_size // num_workers
    whole = n_examples - n_examples % global_batch_size      # examples kept after the cut
    return (whole // num_workers) // per_worker
