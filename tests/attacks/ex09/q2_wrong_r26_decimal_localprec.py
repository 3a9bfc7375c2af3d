# INTENT: WRONG: Decimal ceil-division in a localcontext with prec=40: exact past 10**28 but rounds sizes with more than 40 digits (e.g. 10**45+1 padded wrong).
import decimal


def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    with decimal.localcontext() as ctx:
        ctx.prec = 40                      # well past decimal's 28 digits
        ctx.rounding = decimal.ROUND_CEILING
        piece = int((decimal.Decimal(size) / decimal.Decimal(num_replicas)).to_integral_value())
    return piece * num_replicas, [(r * piece, (r + 1) * piece) for r in range(num_replicas)]
