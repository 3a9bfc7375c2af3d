# INTENT: hard-codes the public measured value 4.0 and ignores both arguments.
def predicted_update_scale(num_replicas, per_replica_batch_size):
    """By what factor a per-replica mean makes the applied gradients too big."""
    return 4.0
