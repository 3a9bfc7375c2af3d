# INTENT: np.ceil gives floats: padded_size and starts/stops are float64, unusable as slice indices
def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    piece = np.ceil(size / num_replicas)
    return piece * num_replicas, [(r * piece, (r + 1) * piece) for r in range(num_replicas)]
