# INTENT: wrong: an algebraically-N formula evaluated in floats, (N*B-1)/(B-1/N), not exactly N for some sizes
def predicted_update_scale(num_replicas, per_replica_batch_size):
    n, b = num_replicas, per_replica_batch_size
    return (n * b - 1) / (b - 1 / n)
