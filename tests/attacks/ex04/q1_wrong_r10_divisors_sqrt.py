# INTENT: enumerates divisors of n only up to sqrt(n) as candidate k and forgets the paired large divisors n//i; fine for the examples when k<=sqrt(n)... and falls back to per=1 (k=n) — misses k in (sqrt(n), n), e.g. (128,1,10): n=128 -> should be 16, gives 128.
import math

def choose_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size):
    """The fewest micro-batches per update whose per-replica share fits the memory limit."""
    if max_per_replica_batch_size < 1 or global_batch_size % num_replicas:
        raise ValueError("no split")
    n = global_batch_size // num_replicas
    for k in range(1, math.isqrt(n) + 1):
        if n % k == 0 and n // k <= max_per_replica_batch_size:
            return k
    return n
