# INTENT: (outside, round 13: wrong only past 2**53, beyond the prompt's range, as round 12's float_div) float arithmetic for the per-replica share
# RULED gap (issue 38, round 14: the prompt now says the arithmetic is exact at any size; a case past 2**53 makes kept right answers scan ~1e8 divisors); re-filed wrong in round 19: its float division of the global batch by the replicas is caught by the hidden (2**61 + 1, 2**60, 2), a share of 2 that keeps every answer fast
def choose_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size):
    if max_per_replica_batch_size < 1:
        raise ValueError("cannot split")
    q = global_batch_size / num_replicas
    if q != int(q):
        raise ValueError("cannot split")
    k = 1
    while True:
        per = q / k
        if per < 1:
            raise ValueError("cannot split")
        if per == int(per) and per <= max_per_replica_batch_size:
            return k
        k += 1
