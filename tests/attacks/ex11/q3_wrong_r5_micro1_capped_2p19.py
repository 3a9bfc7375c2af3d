# INTENT: wrong (re-filed in round 22; filed right or outside before): its search stops at 2**19, and the prompt says however many accelerators that takes (a hidden model needs 2**20, as many as gpukit.plan.fewest_devices tries; round 22's blind q3_wrong_stop_16384 stopped at 2**14). The writer's intent: searches micro-batch 1 only ("smallest activations"): usually fine, the fewest count is found; outside? no: a smaller micro-batch never needs more memory
from gpukit import plan

def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    for i in range(20):
        count = 2 ** i
        cluster = plan.Cluster(accelerator, count, per_node=min(8, count))
        try:
            best = plan.search(model, cluster, global_batch, top=1, recompute=("none",), max_cp=1, micro_batches=(1,))
        except plan.PlanError:
            continue
        return count, best[0].layout
    raise plan.PlanError("no power of two up to 2**19 fits")
