# INTENT: np.linspace for the bounds then astype(int): float64 inside, wrong beyond 2**53
import numpy as np

def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    padded = size + (-size) % num_replicas
    bounds = np.linspace(0, padded, num_replicas + 1).astype(np.int64)
    return padded, [(bounds[r], bounds[r + 1]) for r in range(num_replicas)]
