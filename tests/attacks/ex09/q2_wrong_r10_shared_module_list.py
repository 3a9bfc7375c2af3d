# INTENT: reuses one module-level list, cleared and refilled on each call: an earlier caller's list changes under it
_ranges = []

def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    piece = -(-size // num_replicas)
    _ranges.clear()
    _ranges.extend((r * piece, (r + 1) * piece) for r in range(num_replicas))
    return piece * num_replicas, _ranges
