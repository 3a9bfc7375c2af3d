# INTENT: RIGHT - enumerates the divisors of global//replicas exactly with math.isqrt (Python ints only), floors a fractional limit with Fraction, picks the largest per-replica share <= limit, raises ValueError otherwise.
import math
from fractions import Fraction


def choose_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size):
    """The fewest micro-batches per update whose per-replica share fits the memory limit."""
    g, r = int(global_batch_size), int(num_replicas)
    if g < 1 or r < 1 or g % r:
        raise ValueError(f"global_batch_size={g} does not split over {r} replicas")
    cap = math.floor(Fraction(max_per_replica_batch_size))  # exact for ints, floats and fractions
    if cap < 1:
        raise ValueError(f"a limit of {max_per_replica_batch_size} holds no example")
    n = g // r                       # examples per replica per update
    best = 0
    for d in range(1, math.isqrt(n) + 1):
        if n % d == 0:
            for per in (d, n // d):
                if per <= cap and per > best:
                    best = per
    if best == 0:
        raise ValueError("no split fits the limit")
    return n // best
