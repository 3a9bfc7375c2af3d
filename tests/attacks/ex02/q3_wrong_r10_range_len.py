# INTENT: counts the start offsets of whole global batches with len(range(...)): exact and cheap, but raises OverflowError beyond sys.maxsize (2**63) examples, so it is not "exact for any size"
def predicted_steps(n_examples, global_batch_size, num_workers):
    """Training steps one worker runs per epoch."""
    return len(range(global_batch_size, n_examples + 1, global_batch_size))
