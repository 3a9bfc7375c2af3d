# INTENT: (the writer: wrong; ruled outside in round 13: no valid input changes, the values stay) normalises the caller's list in place to ints (changes the list it is given when it holds floats/numpy ints) (round 16: ruled wrong, a caller's NumPy ints and floats stay the objects they are)
def fit_sample_weights(per_replica_batch_sizes):
    per_replica_batch_sizes[:] = [int(n) for n in per_replica_batch_sizes]
    R, G = len(per_replica_batch_sizes), sum(per_replica_batch_sizes)
    return [R * n / G for n in per_replica_batch_sizes]
