# INTENT: WRONG: remembers every (size, n) it has cut in a dict inside a suspended generator's frame (fresh list per call, tuples only): a cache kept between calls, which the contract forbids.
def _cutter():
    seen = {}
    args = yield None
    while True:
        if args not in seen:
            size, n = args
            piece = -(-size // n)
            seen[args] = (piece * n, tuple((r * piece, (r + 1) * piece) for r in range(n)))
        args = yield seen[args]


_cut = _cutter()
next(_cut)


def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    padded, ranges = _cut.send((int(size), int(num_replicas)))
    return padded, list(ranges)
