# INTENT: per-worker batch by float division, rounded up [re-filed wrong in round 18: "exact for any size"; G / W = 2**53 + 1 rounds]
def predicted_steps(n_examples, global_batch_size, num_workers):
    """Training steps one worker runs per epoch."""
    import math
    per = math.ceil(global_batch_size / num_workers)
    return (n_examples // num_workers) // per
