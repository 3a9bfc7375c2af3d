# INTENT: correct via the per-worker shard
def predicted_steps(n_examples, global_batch_size, num_workers):
    """Training steps one worker runs per epoch."""
    whole = n_examples // global_batch_size * global_batch_size
    return (whole // num_workers) // (global_batch_size // num_workers)
