# INTENT: returns a lazy map object: one-shot, not a list or array; a second look at it is empty.
def fit_sample_weights(per_replica_batch_sizes):
    sizes = list(per_replica_batch_sizes)
    R, G = len(sizes), sum(sizes)
    return map(lambda n: R * n / G, sizes)
