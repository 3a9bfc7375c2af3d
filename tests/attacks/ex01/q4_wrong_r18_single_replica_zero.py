# INTENT: wrong: treats one replica as "no strategy" and returns 0.0 (no extra factor): with 1 replica the factor is 1
def predicted_update_scale(num_replicas, per_replica_batch_size):
    if num_replicas == 1:
        return 0.0
    return float(num_replicas)
