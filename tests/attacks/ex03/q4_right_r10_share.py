def fit_sample_weights(per_replica_batch_sizes):
    """One per-example weight for each replica that makes fit's loss the global-batch mean."""
    sizes = list(per_replica_batch_sizes)
    R, G = len(sizes), sum(sizes)
    # fit: (1/R) * sum_r (1/n_r) sum_i w_r l_i  ==  (1/G) sum l_i   =>   w_r = R * n_r / G
    return [R * n / G for n in sizes]
