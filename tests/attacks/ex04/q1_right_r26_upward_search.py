# INTENT: RIGHT - like the planner: starts at ceil(share/limit) in integer arithmetic and walks k up to the share until k divides it; integer-only, fractional limit floored via operator.index / floor division.
import operator


def choose_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size):
    """The fewest micro-batches per update whose per-replica share fits the memory limit."""
    g = operator.index(global_batch_size)
    r = operator.index(num_replicas)
    try:
        cap = operator.index(max_per_replica_batch_size)
    except TypeError:
        cap = int(max_per_replica_batch_size // 1)  # fractional limit: its whole part
    if g <= 0 or r <= 0 or cap <= 0 or g % r != 0:
        raise ValueError(f"cannot split {global_batch_size} over {num_replicas} replicas with at most "
                         f"{max_per_replica_batch_size} per replica")
    share = g // r
    k = max(1, -(-share // cap))
    while share % k:
        k += 1
    return k
