# INTENT: wrong: the value is exact (Decimal, returned as int), but it raises the prec of the thread's global decimal context to 60 and never puts it back: a session-wide setting changed, which the "leave the session as you found it" rule forbids.
import decimal


def predicted_update_scale(num_replicas, per_replica_batch_size):
    """By what factor a per-replica mean makes the applied gradients too big."""
    decimal.getcontext().prec = 60            # enough digits for any batch size
    b = decimal.Decimal(per_replica_batch_size)
    factor = (b * num_replicas / b) / (b / b)
    return int(factor)
