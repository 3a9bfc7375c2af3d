# INTENT: (outside, round 12: the prompt promises no exactness past 2**53) float division and is_integer(): fine for small numbers, wrong past 2**53 (huge batches rounded)
# RULED gap (issue 38, round 14: the prompt now says the arithmetic is exact at any size; a case past 2**53 makes kept right answers scan ~1e8 divisors); re-filed wrong in round 19: its float division of the global batch by the replicas is caught by the hidden (2**61 + 1, 2**60, 2), a share of 2 that keeps every answer fast
def choose_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size):
    """The fewest micro-batches per update whose per-replica share fits the memory limit."""
    if max_per_replica_batch_size < 1:
        raise ValueError("limit below one example")
    k = 1
    while k <= global_batch_size:
        per = global_batch_size / (num_replicas * k)
        if per.is_integer() and per <= max_per_replica_batch_size:
            return k
        k += 1
    raise ValueError("no split")
