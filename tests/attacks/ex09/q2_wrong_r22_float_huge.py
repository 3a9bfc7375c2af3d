# INTENT: wrong: uses the float ceiling only for sizes beyond 2**32 ("int division is slow on bignums"): int(math.ceil(size / n)) is exact below 2**53 but rounds past it, so padded size / stops are off for size 2**53+1 (and tuples get ints that no longer tile size).
import math

def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    if size > 1 << 32:
        piece = int(math.ceil(size / num_replicas))
    else:
        piece = -(-size // num_replicas)
    return piece * num_replicas, [(r * piece, (r + 1) * piece) for r in range(num_replicas)]
