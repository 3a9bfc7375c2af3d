# INTENT: forgets list() around zip: ranges is a one-shot iterator, not a list
def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    piece = -(-size // num_replicas)
    starts = range(0, piece * num_replicas, piece) if piece else [0] * num_replicas
    stops = [s + piece for s in starts]
    return piece * num_replicas, zip(starts, stops)
