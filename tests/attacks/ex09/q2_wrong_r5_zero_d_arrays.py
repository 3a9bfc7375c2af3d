# INTENT: numbers as 0-d numpy arrays (np.asarray of the products): integers in value, but neither int nor numpy integer scalars
import numpy as np

def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    piece = np.asarray(-(-size // num_replicas))
    return np.asarray(piece * num_replicas), [(np.asarray(r * piece), np.asarray((r + 1) * piece)) for r in range(num_replicas)]
