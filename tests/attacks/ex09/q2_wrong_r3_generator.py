# INTENT: ranges as a lazy generator (map), not a list: len() and indexing fail, usable once
def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    piece = -(-size // num_replicas)
    return piece * num_replicas, map(lambda r: (r * piece, (r + 1) * piece), range(num_replicas))
