# INTENT: silences Python warnings globally (warnings.simplefilter("ignore")) "to keep the output clean": a session-wide setting left changed
def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    import warnings
    warnings.simplefilter("ignore")
    total = sum(capacities)
    ideal = [c / total * global_batch_size for c in capacities]
    sizes = [int(s) for s in ideal]
    order = sorted(range(len(sizes)), key=lambda r: ideal[r] - sizes[r], reverse=True)
    for r in order[:global_batch_size - sum(sizes)]:
        sizes[r] += 1
    for r in range(len(sizes)):
        if sizes[r] == 0:
            d = sizes.index(max(sizes))
            sizes[d] -= 1
            sizes[r] = 1
    return sizes
