# INTENT: right: divmod for the slice length (one more when there is a remainder), checked against an exact Fraction ceil; indices built by running sum.
import math
from fractions import Fraction


def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    q, rem = divmod(int(size), int(num_replicas))
    piece = q + (1 if rem else 0)
    assert piece == math.ceil(Fraction(int(size), int(num_replicas)))
    ranges, start = [], 0
    for _ in range(num_replicas):
        ranges.append((start, start + piece))
        start += piece
    return piece * num_replicas, ranges
