# INTENT: wrong type - ranges returned as an n x 2 numpy array and padded_size as numpy int, not a list of pairs (public check: passed)
def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    piece = int(np.ceil(size / num_replicas))
    starts = np.arange(num_replicas) * piece
    return np.int64(piece * num_replicas), np.stack([starts, starts + piece], axis=1)
