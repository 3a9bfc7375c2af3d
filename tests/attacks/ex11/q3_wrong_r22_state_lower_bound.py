# INTENT: wrong: starts the doubling at the lower bound "the whole state (model bytes x parameter_count) spread over every device must fit"; valid for dense models, but a mixture of experts with ep>1 holds experts/ep per device, below that bound, so its true fewest count can be skipped.
def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    usable = plan.ACCELERATORS[accelerator]["hbm"] * 0.9          # gpukit.plan keeps 10 % free
    state = plan.parameter_count(model) * (model.param_bytes + model.grad_bytes + model.optimizer_bytes)
    # no layout holds less than its 1/count share of the state (ZeRO-3 over everything): skip smaller counts
    count = 2 ** max(0, math.ceil(math.log2(state / usable)))
    while count <= 2**30:
        cluster = plan.Cluster(accelerator, count, per_node=min(8, count))
        try:
            best = plan.search(model, cluster, global_batch, top=1, recompute=("none",), max_cp=1)[0]
            return count, best.layout
        except plan.PlanError:
            count *= 2
    raise plan.PlanError(f"{model.name} does not fit")
