# INTENT: off by one: (n - 1) // G (a student "excluding the partial batch" twice); right unless n is a multiple of G.
def predicted_steps(n_examples, global_batch_size, num_workers):
    """Training steps one worker runs per epoch."""
    return (n_examples - 1) // global_batch_size
