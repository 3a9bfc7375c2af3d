# RULED outside (issue 38, round 14; filed wrong): int64 wraps only near 2**63; the prompt promises sizes beyond 2**53, not exact counts at any size (as round 9's np_int64)
# INTENT: wrong: numpy int64 arithmetic: silently wraps for sizes near 2**63 (python ints never do)
def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    n = np.int64(num_replicas)
    piece = (np.int64(size) + n - np.int64(1)) // n
    return piece * n, [(np.int64(r) * piece, np.int64(r + 1) * piece) for r in range(num_replicas)]
