# INTENT: wrong: right count, but returns a tensor-parallel layout without sequence parallelism when one fits
def fewest_gpus(model, accelerator, global_batch):
    for i in range(14):
        count = 2 ** i
        cluster = plan.Cluster(accelerator, count, per_node=min(8, count))
        try:
            best = plan.search(model, cluster, global_batch, top=1, recompute=("none",), max_cp=1)[0].layout
        except plan.PlanError:
            continue
        try:
            nosp = [p.layout for p in plan.search(model, cluster, global_batch, top=500, recompute=("none",), max_cp=1,
                                                  sequence_parallel=False) if p.layout.tp > 1]
        except plan.PlanError:
            nosp = []
        return count, (nosp[0] if nosp else best)
