# INTENT: wrong: rounds the capacities to whole numbers first (int(c)), so fractional capacities such as [0.5, 0.25, 0.25] or [1.5, 1] plan the wrong shares or divide by zero (breaks "ideal share capacities[r] / sum(capacities) * G").
def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    caps = [int(c) for c in capacities]          # GB are whole numbers
    total = sum(caps)
    quotas = [c * global_batch_size / total for c in caps]
    sizes = [int(q) for q in quotas]
    for i in sorted(range(len(sizes)), key=lambda i: sizes[i] - quotas[i])[: global_batch_size - sum(sizes)]:
        sizes[i] += 1
    for i in range(len(sizes)):
        if sizes[i] == 0:
            sizes[sizes.index(max(sizes))] -= 1
            sizes[i] = 1
    return sizes
