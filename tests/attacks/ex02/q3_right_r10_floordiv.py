def predicted_steps(n_examples, global_batch_size, num_workers):
    """Training steps one worker runs per epoch."""
    # the pipeline cuts to whole global batches; each worker reads one per-replica batch per step
    return n_examples // global_batch_size
