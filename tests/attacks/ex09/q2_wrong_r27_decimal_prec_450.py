# INTENT: wrong: decimal in a local context of fixed precision 450 digits, exact up to 10**400-ish but still "a decimal context of any fixed precision rounds" (breaks exactness at any size, e.g. 10**500).
import decimal

def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    with decimal.localcontext() as ctx:
        ctx.prec = 450
        piece = int((decimal.Decimal(size) / decimal.Decimal(num_replicas)).to_integral_value(decimal.ROUND_CEILING))
    return piece * num_replicas, [(r * piece, (r + 1) * piece) for r in range(num_replicas)]
