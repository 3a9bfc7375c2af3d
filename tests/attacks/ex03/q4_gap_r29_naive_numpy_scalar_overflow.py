# GAP (issue 38, round 29): ruled wrong (the prompt allows NumPy ints in the list), but a list of np.int32 sizes with G or R n_r past 2**31 ([2**30, 2**29, 2**29]) wraps the solution itself (sum() and R * n on the caller's np.int32 items) and 6 kept right answers (q4_right_r3/r6/r7/r9_formula, r4_fraction, r10_share), as round 19's q4_gap_r19_int32_array_times_R: no such case without changing the solution and re-ruling those
# INTENT: wrong: multiplies R * n_r and sums the sizes with whatever scalar type the caller's items have, so NumPy int32 batch sizes wrap once R * n_r or G exceeds 2**31 (breaks the large-global-batch cases; fine for Python ints and int64).
def fit_sample_weights(per_replica_batch_sizes):
    """One per-example weight for each replica that makes fit's loss the global-batch mean."""
    replicas = len(per_replica_batch_sizes)
    total = sum(per_replica_batch_sizes)
    return [replicas * n / total for n in per_replica_batch_sizes]
