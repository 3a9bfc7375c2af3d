# INTENT: (outside, round 13: wrong only past 2**53, beyond the prompt's range, as round 12's float_div) float arithmetic for the per-replica share
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
