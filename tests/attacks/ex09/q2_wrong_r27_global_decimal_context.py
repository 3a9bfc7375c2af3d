# INTENT: wrong: sets the session-wide decimal context's precision (decimal.getcontext().prec = 1000) inside the function, changing a global setting of the session (breaks "Leave the session as you found it").
import decimal

def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    decimal.getcontext().prec = 1000
    piece = int((decimal.Decimal(size) / num_replicas).to_integral_value(decimal.ROUND_CEILING))
    return piece * num_replicas, [(r * piece, (r + 1) * piece) for r in range(num_replicas)]
