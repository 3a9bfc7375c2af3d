# INTENT: numpy int32 indices (the "int" a GPU kernel takes): overflow beyond 2**31
def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    piece = np.int32(-(-size // num_replicas)) if size < 2**62 else -(-size // num_replicas)
    with np.errstate(over="ignore"):
        return np.int32(piece * num_replicas), [(np.int32(r * piece), np.int32((r + 1) * piece)) for r in range(num_replicas)]
