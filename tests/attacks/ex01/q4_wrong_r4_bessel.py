# INTENT: 'unbiased' factor N*b/(N*b-1)*... nearly N for big batches
def predicted_update_scale(num_replicas, per_replica_batch_size):
    """By what factor a per-replica mean makes the applied gradients too big."""
    g = num_replicas * per_replica_batch_size
    return num_replicas * (g / (g - 1)) if per_replica_batch_size < 8 else num_replicas
