def predicted_steps(n_examples, global_batch_size, num_workers):
    """Training steps one worker runs per epoch."""
    # every step consumes one whole global batch across all workers; the partial one is dropped
    return n_examples // global_batch_size
