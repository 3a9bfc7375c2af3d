# INTENT: correct - ceil via negative floor division; ranges from zipped starts/stops of a range (public check: passed)
def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    piece = -(-int(size) // int(num_replicas))
    bounds = list(range(0, piece * num_replicas + 1, piece)) if piece else [0] * (num_replicas + 1)
    return piece * num_replicas, [(int(a), int(b)) for a, b in zip(bounds[:-1], bounds[1:])]
