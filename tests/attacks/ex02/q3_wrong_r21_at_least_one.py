# INTENT: wrong: treats fewer examples than one global batch as one (partial) step "so the epoch is not empty"; the partial batch is dropped, so that case has 0 steps.
def predicted_steps(n_examples, global_batch_size, num_workers):
    """Training steps one worker runs per epoch."""
    return max(1, n_examples // global_batch_size)
