# INTENT: wrong: simulates with a list standing for the replicas (one entry each, so the memory check at 512x256 sees little), which the prompt forbids; exact by integer-valued float sums.
def predicted_update_scale(num_replicas, per_replica_batch_size):
    """By what factor a per-replica mean makes the applied gradients too big."""
    replicas = [per_replica_batch_size] * num_replicas          # one entry per replica: its slice size
    global_batch = sum(replicas)
    applied = sum(global_batch / size for size in replicas)     # each replica's mean, scaled to one device's
    return applied / len(replicas)
