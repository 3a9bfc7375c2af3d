# INTENT: (written as wrong: "size 0 pads to n"; it is right: in Python (0 - 1) // n + 1 == 0, the smallest multiple of n that is at least 0) slice size as (size - 1) // n + 1
def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    piece = (size - 1) // num_replicas + 1
    return piece * num_replicas, [(r * piece, (r + 1) * piece) for r in range(num_replicas)]
