# INTENT: functools.lru_cache on the function: the same mutable list is handed to every caller with those arguments (state kept between calls; a caller editing its ranges corrupts later results)
import functools
@functools.lru_cache(maxsize=None)
def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    piece = -(-size // num_replicas)
    return piece * num_replicas, [(r * piece, (r + 1) * piece) for r in range(num_replicas)]
