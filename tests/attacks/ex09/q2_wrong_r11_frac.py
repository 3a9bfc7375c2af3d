# INTENT: wrong: Fraction arithmetic: exact, but padded_size returned as a Fraction (not int)
def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    from fractions import Fraction
    import math
    piece = Fraction(math.ceil(Fraction(size, num_replicas)))
    return piece * num_replicas, [(r * piece, (r + 1) * piece) for r in range(num_replicas)]
