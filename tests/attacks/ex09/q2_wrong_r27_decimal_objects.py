# INTENT: wrong: exact via Decimal with a big local precision but returns Decimal objects, not int/numpy integers (breaks "Every number is a whole number (int or a numpy integer)").
import decimal

def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    with decimal.localcontext() as ctx:
        ctx.prec = 10_000
        piece = (decimal.Decimal(size) / num_replicas).to_integral_value(decimal.ROUND_CEILING)
        return piece * num_replicas, [(r * piece, (r + 1) * piece) for r in range(num_replicas)]
