def predicted_steps(n_examples, global_batch_size, num_workers):
    """Training steps one worker runs per epoch."""
    # every step every worker takes its share of one whole global batch: the worker count does not matter
    return int(n_examples) // int(global_batch_size)
