# INTENT: wrong: past 2**24 examples it switches to a log-space ratio exp(log(R*b) - log(b)) "so float32 cannot overflow"; exact on small cases, but 16 777 217 replicas of 1 give 16777217.000000004, not the exact factor the answer must BE.
import math


def predicted_update_scale(num_replicas, per_replica_batch_size):
    """By what factor a per-replica mean makes the applied gradients too big."""
    global_batch = num_replicas * per_replica_batch_size
    if global_batch > 2**24:                      # beyond float32's whole numbers: work in logs
        return math.exp(math.log(global_batch) - math.log(per_replica_batch_size))
    return global_batch / per_replica_batch_size
