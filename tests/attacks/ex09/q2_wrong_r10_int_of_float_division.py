# INTENT: int(padded / n) for the slice length: an int, but computed through a float, wrong beyond 2**53
def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    padded = size + (-size) % num_replicas
    piece = int(padded / num_replicas)
    return padded, [(r * piece, (r + 1) * piece) for r in range(num_replicas)]
