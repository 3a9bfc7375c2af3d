# INTENT: always adds n - size % n, so a size that already divides gets a whole extra slice of padding (12, 4 -> 16). (public check: caught)
def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    padded = size + (num_replicas - size % num_replicas)
    piece = padded // num_replicas
    return padded, [(r * piece, (r + 1) * piece) for r in range(num_replicas)]
