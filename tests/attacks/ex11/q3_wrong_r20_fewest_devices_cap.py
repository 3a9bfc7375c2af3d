# INTENT: wrong: its own search over powers of two stops at 2**13 = 8192 accelerators (where plan.fewest_devices' default once stopped): a model that needs 16384 or more gets a PlanError instead of its count; right for everything smaller.
def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    for i in range(14):
        n = 2 ** i
        try:
            best = plan.search(model, plan.Cluster(accelerator, n, per_node=min(8, n)), global_batch,
                               recompute=("none",), max_cp=1)
        except plan.PlanError:
            continue
        return n, best[0].layout
    raise plan.PlanError("nothing fits on up to 8192 accelerators")
