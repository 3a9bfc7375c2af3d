# INTENT: correct: every worker runs one step per whole global batch: n // global_batch (the worker count does not enter).
def predicted_steps(n_examples, global_batch_size, num_workers):
    """Training steps one worker runs per epoch."""
    return n_examples // global_batch_size
