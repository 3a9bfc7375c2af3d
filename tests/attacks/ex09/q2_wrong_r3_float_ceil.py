# INTENT: float division in math.ceil: wrong for sizes beyond 2**53 (billions-of-parameter models flattened are fine, but e.g. 2**53+1)
import math
def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    piece = math.ceil(size / num_replicas)
    return piece * num_replicas, [(r * piece, (r + 1) * piece) for r in range(num_replicas)]
