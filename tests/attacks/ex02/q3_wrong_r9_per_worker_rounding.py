# INTENT: splits the examples first by worker with rounding to nearest (round(n / W)) then divides by the per-worker batch: float and off by one when the shard rounds up across a batch boundary
def predicted_steps(n_examples, global_batch_size, num_workers):
    """Training steps one worker runs per epoch."""
    return round(n_examples / num_workers) // (global_batch_size // num_workers)
