# INTENT: always adds padding, even when the size divides (size - size % n + n)
def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    padded = size - size % num_replicas + num_replicas
    piece = padded // num_replicas
    return padded, [(r * piece, (r + 1) * piece) for r in range(num_replicas)]
