# INTENT: math.ceil(size / num_replicas) returns an int, but the true division rounds for sizes beyond 2**53 (e.g. 2**53 + 1 over 2 -> padded 2**53 < size)
import math

def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    piece = math.ceil(size / num_replicas)
    return piece * num_replicas, [(r * piece, (r + 1) * piece) for r in range(num_replicas)]
