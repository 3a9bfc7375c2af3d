# INTENT: wrong: a cache held by an instance of a helper class (module-level object, dict inside): the prompt forbids any cache
class _Planner:
    def __init__(self):
        self.seen = {}
    def __call__(self, size, n):
        key = (int(size), int(n))
        if key not in self.seen:
            piece = (key[0] + key[1] - 1) // key[1]
            self.seen[key] = (piece * key[1], tuple((r * piece, (r + 1) * piece) for r in range(key[1])))
        return self.seen[key]
_planner = _Planner()
def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    p, rr = _planner(size, num_replicas)
    return p, list(rr)
