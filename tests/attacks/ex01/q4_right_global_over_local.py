# INTENT: correct, written as the ratio of the right divisor (global batch) to the one used (per-replica batch).
def predicted_update_scale(num_replicas, per_replica_batch_size):
    """By what factor a per-replica mean makes the applied gradients too big."""
    global_batch = num_replicas * per_replica_batch_size
    return global_batch / per_replica_batch_size
