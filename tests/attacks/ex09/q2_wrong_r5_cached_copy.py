# RULED wrong (issue 38, round 15; was right): a functools.lru_cache on a helper, copies handed out: the lead's ruling of round 15: "no list kept from an earlier call: no cache, in a module-level dict or a default argument either" covers a cache in a helper (q2_wrong_r15_lru_helper, not kept: the same kind)
# INTENT: a cache on a helper (functools.lru_cache), a new list per call
import functools

@functools.lru_cache(maxsize=None)
def _plan(size, num_replicas):
    piece = (size + num_replicas - 1) // num_replicas
    return piece * num_replicas, tuple((r * piece, r * piece + piece) for r in range(num_replicas))

def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    padded, ranges = _plan(int(size), int(num_replicas))
    return padded, list(ranges)
