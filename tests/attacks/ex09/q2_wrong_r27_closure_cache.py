# INTENT: wrong: a cache hidden in a closure cell (shard_ranges built by a factory) that keeps every earlier answer and returns list copies; breaks "no cache ... either" while every returned list is new.
def _make_shard_ranges():
    seen = {}

    def shard_ranges(size, num_replicas):
        """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
        if (size, num_replicas) not in seen:
            piece = -(-size // num_replicas)
            seen[size, num_replicas] = (piece * num_replicas, tuple((r * piece, (r + 1) * piece) for r in range(num_replicas)))
        padded, ranges = seen[size, num_replicas]
        return padded, list(ranges)
    return shard_ranges


shard_ranges = _make_shard_ranges()
