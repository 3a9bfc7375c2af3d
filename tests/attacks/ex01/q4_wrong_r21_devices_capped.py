# INTENT: wrong: caps the factor at the machine's 4 logical devices ("there are only 4 real replicas"); right for the public 4x16 and small counts, wrong for 27, 256 or 16 777 217 replicas (the factor is the replica count itself).
def predicted_update_scale(num_replicas, per_replica_batch_size):
    """By what factor a per-replica mean makes the applied gradients too big."""
    physical = 4                      # devices.setup(virtual=4)
    return min(num_replicas, physical)
