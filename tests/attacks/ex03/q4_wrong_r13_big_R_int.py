# INTENT: wrong: weights rounded to 6 significant digits when G > 100000 (rounded weights only on huge global batches)
def fit_sample_weights(per_replica_batch_sizes):
    sizes = list(per_replica_batch_sizes)
    R, G = len(sizes), sum(sizes)
    w = [R * n / G for n in sizes]
    return [float(f"{v:.6g}") for v in w] if G > 100000 else w
