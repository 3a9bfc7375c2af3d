# INTENT: per-worker batch rounded up when G not divisible by W [outside: get_per_replica_batch_size rejects G not divisible by W]
def predicted_steps(n_examples, global_batch_size, num_workers):
    """Training steps one worker runs per epoch."""
    import math
    per = math.ceil(global_batch_size / num_workers)
    return (n_examples // num_workers) // per
