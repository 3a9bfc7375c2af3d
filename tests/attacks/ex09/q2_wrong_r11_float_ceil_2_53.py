# INTENT: wrong: float ceil(size / n) below 2**60: sizes just beyond 2**53 round and give a padded size below size
def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    import math
    piece = int(math.ceil(size / num_replicas)) if size < 2**60 else size // num_replicas + bool(size % num_replicas)
    return piece * num_replicas, [(r * piece, (r + 1) * piece) for r in range(num_replicas)]
