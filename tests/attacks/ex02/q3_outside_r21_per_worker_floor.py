# INTENT: outside (round 21, ruled by the lead): (n // W) // (G / W) equals n // G whenever W divides the global batch G, which the question's workers always do. The writer's intent: wrong: floors each worker's share of the examples first and then divides by the per-worker batch: (n // W) // (G // W); equals n // G when W divides things nicely (public 1000, 48, 3 -> 20), but e.g. n=47, G=16, W=3 gives 15 // 5 = 3 instead of 2 (the cut is by whole global batches).
def predicted_steps(n_examples, global_batch_size, num_workers):
    """Training steps one worker runs per epoch."""
    examples_per_worker = n_examples // num_workers
    batch_per_worker = global_batch_size // num_workers
    return examples_per_worker // batch_per_worker
