# INTENT: "fewest GPUs" by splitting the model only (tensor x pipeline, dp = 1, no ZeRO): data parallel copies never reduce memory, so only model parallel layouts are tried
def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    count = 1
    while count <= 2**16:
        cluster = plan.Cluster(accelerator, count, per_node=min(8, count))
        try:
            best = [p for p in plan.search(model, cluster, global_batch, top=10**6, recompute=("none",), max_cp=1)
                    if p.layout.dp == 1]
        except plan.PlanError:
            best = []
        if best:
            return count, best[0].layout
        count *= 2
    raise plan.PlanError("no count fits")
