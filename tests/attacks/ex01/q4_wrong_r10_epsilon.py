# INTENT: adds an epsilon to the denominator "to avoid dividing by zero": N*b/(b+1e-3) is not N (off by more than the 3-decimal rounding for small batches).
def predicted_update_scale(num_replicas, per_replica_batch_size):
    """By what factor a per-replica mean makes the applied gradients too big."""
    return num_replicas * per_replica_batch_size / (per_replica_batch_size + 1e-3)
