# INTENT: wrong: binary search over the exponent 0..20 assuming "fits" is monotone in the count; when a middle count has no layout at all (e.g. 1 024 devices cannot split a global batch of 8 with tp within a node and pp <= layers) it moves up and misses the smaller count that fits.
def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    def attempt(count):
        cluster = plan.Cluster(accelerator, count, per_node=min(8, count))
        try:
            return plan.search(model, cluster, global_batch, top=1, recompute=("none",), max_cp=1)[0]
        except plan.PlanError:
            return None

    lo, hi, found = 0, 20, None         # 1 .. 2**20 accelerators: about 5 searches instead of up to 21
    while lo < hi:
        mid = (lo + hi) // 2
        trial = attempt(2 ** mid)
        if trial is not None:
            hi, found = mid, trial
        else:
            lo = mid + 1
    if found is None or found.cluster.count != 2 ** hi:
        found = attempt(2 ** hi)
    if found is None:
        raise plan.PlanError(f"{model.name} fits on no power-of-two count of {accelerator} up to 2**20")
    return 2 ** hi, found.layout
