# INTENT: numpy int32 indices (default-ish on some platforms): overflow for big sizes
def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    piece = np.int32(-(-size // num_replicas))
    r = np.arange(num_replicas, dtype=np.int32)
    return piece * np.int32(num_replicas), list(zip(r * piece, (r + 1) * piece))
