# INTENT: vectorised with np.int32 (numpy's "default int" on Windows): sizes beyond 2**31 overflow
import numpy as np

def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    piece = np.int32(-(-size // num_replicas)) if size < 2**62 else -(-size // num_replicas)
    starts = np.arange(num_replicas, dtype=np.int32) * piece
    return int(piece) * num_replicas, [(s, s + piece) for s in starts]
