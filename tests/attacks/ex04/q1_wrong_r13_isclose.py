# INTENT: wrong: tests "whole per-replica batch" with np.isclose (relative tolerance), so a large near-whole share like 17500.125 counts as whole
import numpy as _np
def choose_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size):
    if max_per_replica_batch_size < 1:
        raise ValueError("a limit below one example")
    k = max(1, int(_np.ceil(global_batch_size / (num_replicas * max_per_replica_batch_size))))
    while k <= global_batch_size:
        per = global_batch_size / (num_replicas * k)
        if per < 1:
            break
        if _np.isclose(per, round(per)) and round(per) <= max_per_replica_batch_size:
            return k
        k += 1
    raise ValueError("no split")
