# INTENT: off-by-one: stop is inclusive (start + piece - 1), so slices miss an element each. (public check: caught)
def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    piece = -(-size // num_replicas)
    return piece * num_replicas, [(r * piece, r * piece + piece - 1) for r in range(num_replicas)]
