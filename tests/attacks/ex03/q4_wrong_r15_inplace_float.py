# INTENT: wrong: converts the caller's list to floats in place (equal values, types changed): the list it is given is changed
def fit_sample_weights(per_replica_batch_sizes):
    per_replica_batch_sizes[:] = [float(n) for n in per_replica_batch_sizes]
    R, G = len(per_replica_batch_sizes), sum(per_replica_batch_sizes)
    return [R * n / G for n in per_replica_batch_sizes]
