# INTENT: an (n, 2) numpy array of ranges instead of a list of tuples
def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    piece = -(-size // num_replicas)
    starts = np.arange(num_replicas, dtype=np.int64) * piece
    return piece * num_replicas, np.stack([starts, starts + piece], axis=1)
