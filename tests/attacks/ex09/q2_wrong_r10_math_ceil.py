# INTENT: math.ceil(size / n) returns an int but rounds through a float: wrong padded size beyond 2**53
import math

def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    piece = math.ceil(size / num_replicas)
    return piece * num_replicas, [(r * piece, (r + 1) * piece) for r in range(num_replicas)]
