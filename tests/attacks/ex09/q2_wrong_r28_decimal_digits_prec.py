# INTENT: wrong: Decimal ceil in a local context whose precision is the size's digit count (len(str(size)) + 2): exact up to the 4300-digit int-to-str limit, then str() raises, breaking "exact whole numbers at any size" (10**5000 fails; the named 10**4000 passes).
import decimal


def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    with decimal.localcontext() as ctx:
        ctx.prec = len(str(size)) + 2
        ctx.Emax = decimal.MAX_EMAX
        ctx.traps[decimal.Inexact] = False
        piece = int((decimal.Decimal(size) / decimal.Decimal(num_replicas)).to_integral_value(rounding=decimal.ROUND_CEILING))
    return piece * num_replicas, [(r * piece, (r + 1) * piece) for r in range(num_replicas)]
