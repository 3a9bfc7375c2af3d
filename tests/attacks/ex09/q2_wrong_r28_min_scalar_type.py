# INTENT: wrong: indices in the narrowest numpy type for size (np.min_scalar_type), which wraps when r * piece outgrows it (e.g. 64 replicas, size 250 -> uint8), breaking exact whole numbers.
def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    if size >= 2**63:
        piece = -(-size // num_replicas)
        return piece * num_replicas, [(r * piece, (r + 1) * piece) for r in range(num_replicas)]
    kind = np.min_scalar_type(max(size, num_replicas))
    piece = kind.type(-(-size // num_replicas))
    with np.errstate(over="ignore"):
        return piece * kind.type(num_replicas), [(kind.type(r) * piece, kind.type(r + 1) * piece)
                                                  for r in range(num_replicas)]
