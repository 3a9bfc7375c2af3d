# INTENT: functools.lru_cache on a helper returning a list; the wrapper returns ranges[:] for a fresh list but padded_size comes from a float multiply on a cached float piece for big sizes
import functools

@functools.lru_cache(maxsize=None)
def _cut(size, n):
    piece = -(-size // n)
    return float(piece * n), [(r * piece, (r + 1) * piece) for r in range(n)]

def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    padded, ranges = _cut(size, num_replicas)
    return int(padded), ranges[:]
