# INTENT: WRONG: stores starts in the smallest dtype that holds the slice length (np.min_scalar_type(piece)); r*piece wraps when it outgrows it, e.g. (1000, 4): piece 250 is uint8, replica 2 starts at 500 -> 244.
def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    piece = -(-size // num_replicas)                     # exact Python int
    dtype = np.min_scalar_type(piece)                    # compact index type (object for huge sizes)
    starts = np.arange(num_replicas).astype(dtype) * np.asarray(piece, dtype)
    stops = starts + np.asarray(piece, dtype)
    return piece * num_replicas, [(a, b) for a, b in zip(starts.tolist() if dtype == object else starts,
                                                          stops.tolist() if dtype == object else stops)]
