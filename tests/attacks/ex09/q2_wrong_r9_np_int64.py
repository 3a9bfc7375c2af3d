# RULED wrong (issue 38, round 16, the lead's ruling, reversing round 9's): "a size beyond 2**53" asks exact counts at any size; the hidden case (2**63 - 1, 2) pads past int64's largest
# INTENT (outside, round 9 ruling: wrong only for sizes >= 2**63, which no real run reaches): builds the bounds with np.arange (int64): sizes beyond 2**63 overflow, and numpy int64 arithmetic near 2**63 wraps silently
import numpy as np

def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    piece = np.int64(-(-size // num_replicas))
    bounds = np.arange(num_replicas + 1, dtype=np.int64) * piece
    return bounds[-1], list(zip(bounds[:-1], bounds[1:]))
