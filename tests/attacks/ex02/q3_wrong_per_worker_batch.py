# INTENT: counts all examples with one worker's batch: n // (global_batch // num_workers). (public check: caught)
def predicted_steps(n_examples, global_batch_size, num_workers):
    """Training steps one worker runs per epoch."""
    return n_examples // (global_batch_size // num_workers)
