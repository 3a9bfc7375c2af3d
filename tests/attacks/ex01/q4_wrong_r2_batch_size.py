# INTENT: wrong - the per-replica batch size (confuses sum-vs-mean with the replica mean) (public check: caught)
def predicted_update_scale(num_replicas, per_replica_batch_size):
    """By what factor a per-replica mean makes the applied gradients too big."""
    return per_replica_batch_size
