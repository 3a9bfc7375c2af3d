# INTENT: wrong - right count, but the returned layout is rebuilt by hand as dp = count with the found tp kept, so tp x pp x dp != count (a layout that cannot exist on that cluster) (public check: caught)
def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    best = plan.fewest_devices(model, accelerator, global_batch, recompute=("none",), max_cp=1)
    n = best.cluster.count
    return n, dataclasses.replace(best.layout, dp=n)
