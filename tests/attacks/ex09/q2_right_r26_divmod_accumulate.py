# INTENT: RIGHT: divmod + itertools.accumulate over Python ints (exact at any size), new list each call; size 0 gives n empty (0, 0) slices.
import itertools
import operator


def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    size, n = operator.index(size), operator.index(num_replicas)
    q, rem = divmod(size, n)
    piece = q + 1 if rem else q
    bounds = list(itertools.accumulate([piece] * n, initial=0))
    return bounds[-1], list(zip(bounds[:-1], bounds[1:]))
