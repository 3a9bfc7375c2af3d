# INTENT: (n - 1) // gb: 'the last example has index n-1' off-by-one; wrong whenever n is a whole number of global batches
def predicted_steps(n_examples, global_batch_size, num_workers):
    """Training steps one worker runs per epoch."""
    return (n_examples - 1) // global_batch_size
