# INTENT: wrong - (size // n + 1) * n: pads one extra slice row even when size divides (public check: caught)
def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    piece = size // num_replicas + 1
    return piece * num_replicas, [(r * piece, (r + 1) * piece) for r in range(num_replicas)]
