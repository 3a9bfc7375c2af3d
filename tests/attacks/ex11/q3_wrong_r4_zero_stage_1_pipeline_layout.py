# INTENT: returns the layout with the least memory (not the fastest): fine — but rebuilds it with ZeRO-3 whenever dp > 1 to 'be safe', even with a pipeline
import dataclasses

def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    count = 1
    while True:
        cluster = plan.Cluster(accelerator, count, per_node=min(8, count))
        try:
            best = plan.search(model, cluster, global_batch, top=50, recompute=("none",), max_cp=1)
        except plan.PlanError:
            count *= 2
            continue
        layout = min(best, key=lambda p: p.memory["total"]).layout
        if layout.dp > 1:
            layout = dataclasses.replace(layout, zero=3)
        return count, layout
