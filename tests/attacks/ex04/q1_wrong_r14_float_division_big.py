# INTENT: (wrong, round 14; a gap until round 19, then caught by the hidden (2**61 + 1, 2**60, 2): share = G / R rounds to 2.0; exact above 2**53; a case past 2**53 costs the kept right answers 1e8 loop turns or hangs them: the divisor lists up to the limit, the k scans from 1, the sqrt scans) float division with is_integer()
def choose_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size):
    share = global_batch_size / num_replicas
    if not float(share).is_integer():
        raise ValueError("does not split")
    if max_per_replica_batch_size < 1:
        raise ValueError("limit below one example")
    k = 1
    # jump to the first k that could fit, then walk
    import math
    k = max(1, math.ceil(share / max_per_replica_batch_size))
    while k <= share:
        per = share / k
        if per.is_integer() and per <= max_per_replica_batch_size:
            return k
        k += 1
    raise ValueError("no split")
