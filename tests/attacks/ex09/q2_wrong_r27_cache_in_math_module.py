# INTENT: wrong: keeps a cache of earlier answers as an attribute of the imported math module (outside this cell's globals, defaults, closures and function attributes) and returns list copies; breaks "no list kept from an earlier call: no cache".
import math

def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    plans = vars(math).setdefault("_shard_plans", {})
    if (size, num_replicas) not in plans:
        piece = -(-size // num_replicas)
        plans[size, num_replicas] = (piece * num_replicas, tuple((r * piece, (r + 1) * piece) for r in range(num_replicas)))
    padded, ranges = plans[size, num_replicas]
    return padded, list(ranges)
