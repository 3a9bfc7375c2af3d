# INTENT: calls plan.fewest_devices with its defaults: recomputation and context parallelism allowed, which the prompt rules out
from gpukit import plan

def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    best = plan.fewest_devices(model, accelerator, global_batch)
    return best.cluster.count, best.layout
    raise plan.PlanError("no power of two up to 2**19 fits")
