# INTENT: counts worker 0's shard without the cut (ceil(n/W) examples in per-replica batches): one step too many when the leftover reaches almost a global batch
def predicted_steps(n_examples, global_batch_size, num_workers):
    """Training steps one worker runs per epoch."""
    per_replica = global_batch_size // num_workers
    return -(-n_examples // num_workers) // per_replica
