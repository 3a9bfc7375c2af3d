# INTENT: correct, other route: the largest per-replica batch that divides global/replicas and fits the limit; accum_steps = (global/replicas) / that batch.
def choose_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size):
    """The fewest micro-batches per update whose per-replica share fits the memory limit."""
    if num_replicas < 1 or max_per_replica_batch_size < 1 or global_batch_size % num_replicas:
        raise ValueError("the global batch does not split over the replicas")
    per_device_total = global_batch_size // num_replicas
    fitting = [b for b in range(1, min(per_device_total, max_per_replica_batch_size) + 1) if per_device_total % b == 0]
    if not fitting:
        raise ValueError("no per-replica batch fits")
    return per_device_total // max(fitting)
