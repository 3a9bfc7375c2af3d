# INTENT: wrong: the factor capped at 16 replicas (a formula that is not num_replicas beyond the tested range)
def predicted_update_scale(num_replicas, per_replica_batch_size):
    return float(min(num_replicas, 16))
