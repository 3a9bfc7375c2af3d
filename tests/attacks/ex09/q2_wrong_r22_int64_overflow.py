# INTENT: wrong: vectorised with numpy int64 (numpy integers are allowed), exact past 2**53 but silently wraps past 2**63 (size 2**64 gives negative/garbage padded size); the contract puts no bound on size.
import numpy as np

def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    n = np.int64(num_replicas)
    s = np.array(size % (1 << 64), dtype=np.uint64).astype(np.int64)   # "fits any size" (it does not)
    piece = (s + n - np.int64(1)) // n
    starts = np.arange(num_replicas, dtype=np.int64) * piece
    return piece * n, [(a, a + piece) for a in starts]
