# INTENT: right: every worker runs one step per whole global batch (it reads its share of each), so the count is n_examples // global_batch_size, with exact Python ints for any size; num_workers does not enter.
def predicted_steps(n_examples, global_batch_size, num_workers):
    """Training steps one worker runs per epoch."""
    return int(n_examples) // int(global_batch_size)
