# INTENT: wrong (ruled round 15: shares in float32 miss floor/ceil near a global batch of 1e8; was kept right in round 4 as "correct in practice") float32 largest remainder
def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    import numpy as np
    caps = np.asarray(capacities, np.float32)
    ideal = caps / caps.sum() * np.float32(global_batch_size)
    sizes = np.floor(ideal).astype(int)
    for r in np.argsort(-(ideal - sizes), kind="stable")[: global_batch_size - sizes.sum()]:
        sizes[r] += 1
    while (sizes < 1).any():
        sizes[np.argmax(sizes)] -= 1
        sizes[np.argmin(sizes)] += 1
    return sizes.tolist()
