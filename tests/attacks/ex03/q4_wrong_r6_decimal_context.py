# INTENT: uses decimal with the GLOBAL context precision raised to 50 (decimal.getcontext().prec = 50) and never restored: a session-wide setting
def fit_sample_weights(per_replica_batch_sizes):
    """One per-example weight for each replica that makes fit's loss the global-batch mean."""
    import decimal
    decimal.getcontext().prec = 50
    sizes = [decimal.Decimal(int(n)) for n in per_replica_batch_sizes]
    total = sum(sizes)
    return [float(len(sizes) * n / total) for n in sizes]
