# INTENT: np.ceil on integer division result kept as numpy float64 (exact small numbers, but floats)
def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    piece = np.ceil(size / num_replicas)
    return int(piece * num_replicas), [(int(r * piece), int((r + 1) * piece)) for r in range(num_replicas)]
