# RULED wrong (issue 38, round 16, the lead's ruling, reversing round 14's): "a size beyond 2**53" asks exact counts at any size; the hidden case (2**63 - 1, 2) pads past int64's largest
# INTENT: wrong: numpy int64 arithmetic: silently wraps for sizes near 2**63 (python ints never do)
def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    n = np.int64(num_replicas)
    piece = (np.int64(size) + n - np.int64(1)) // n
    return piece * n, [(np.int64(r) * piece, np.int64(r + 1) * piece) for r in range(num_replicas)]
