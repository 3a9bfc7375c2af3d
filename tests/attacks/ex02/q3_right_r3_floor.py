def predicted_steps(n_examples, global_batch_size, num_workers):
    """Training steps one worker runs per epoch."""
    # every worker takes part in every step; a step consumes one global batch
    return n_examples // global_batch_size
