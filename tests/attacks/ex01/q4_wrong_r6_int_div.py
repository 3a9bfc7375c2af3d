# INTENT: global / per-replica with floor division on a global batch computed as R*n rounded to a multiple of 8 ("aligned" batches): exact only when R*n is a multiple of 8
def predicted_update_scale(num_replicas, per_replica_batch_size):
    """By what factor a per-replica mean makes the applied gradients too big."""
    global_batch = -(-num_replicas * per_replica_batch_size // 8) * 8
    return global_batch / per_replica_batch_size
