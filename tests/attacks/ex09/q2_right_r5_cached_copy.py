import functools

@functools.lru_cache(maxsize=None)
def _plan(size, num_replicas):
    piece = (size + num_replicas - 1) // num_replicas
    return piece * num_replicas, tuple((r * piece, r * piece + piece) for r in range(num_replicas))

def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    padded, ranges = _plan(int(size), int(num_replicas))
    return padded, list(ranges)
