# INTENT: wrong: R counts only replicas that hold examples; Keras divides by all R replicas (a 0-size replica still counts)
def fit_sample_weights(per_replica_batch_sizes):
    sizes = list(per_replica_batch_sizes)
    R = sum(1 for n in sizes if n > 0)
    G = sum(sizes)
    return [R * n / G for n in sizes]
