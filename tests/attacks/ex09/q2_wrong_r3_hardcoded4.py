# INTENT: hard-codes the example's 4 replicas in the padding
def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    padded = (size + 3) // 4 * 4
    piece = padded // num_replicas
    return padded, [(r * piece, (r + 1) * piece) for r in range(num_replicas)]
