# INTENT: returns a zip iterator of (start, stop): not a list, exhausted after one pass
def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    piece = -(-size // num_replicas)
    starts = range(0, piece * num_replicas, piece) if piece else [0] * num_replicas
    return piece * num_replicas, zip(starts, [s + piece for s in starts])
