# INTENT: padded_size from size / n * n as a float (12.0): a float length cannot size np.zeros or a slice
import math
def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    piece = math.ceil(size / num_replicas)
    return float(piece * num_replicas), [(r * piece, (r + 1) * piece) for r in range(num_replicas)]
