# INTENT: pairs as numpy arrays of floats from np.linspace
def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    padded = -(-size // num_replicas) * num_replicas
    edges = np.linspace(0, padded, num_replicas + 1)
    return padded, [edges[r:r + 2] for r in range(num_replicas)]
