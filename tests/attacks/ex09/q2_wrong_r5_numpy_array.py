# INTENT: ranges as an (n, 2) numpy array (rows are start/stop), not a list of tuples
import numpy as np

def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    piece = -(-size // num_replicas)
    starts = np.arange(num_replicas, dtype=np.int64) * piece
    return piece * num_replicas, np.stack([starts, starts + piece], axis=1)
