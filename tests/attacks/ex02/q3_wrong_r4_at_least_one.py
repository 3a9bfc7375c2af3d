# INTENT: at least one step (an epoch 'always runs'): wrong when n_examples < global_batch_size
def predicted_steps(n_examples, global_batch_size, num_workers):
    """Training steps one worker runs per epoch."""
    return max(1, n_examples // global_batch_size)
