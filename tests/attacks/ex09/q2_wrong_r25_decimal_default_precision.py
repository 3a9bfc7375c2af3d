# INTENT: WRONG - "exact" ceiling through decimal.Decimal, but the default context keeps 28 digits: sizes past ~10**28 are rounded before the ceiling (wrong padded size and slices); passes 2**53.
from decimal import Decimal, ROUND_CEILING


def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    piece = int((Decimal(size) / Decimal(num_replicas)).to_integral_value(rounding=ROUND_CEILING))
    return piece * num_replicas, [(r * piece, (r + 1) * piece) for r in range(num_replicas)]
