# INTENT: wrong: allows selective recomputation ("only the attention scores, nearly free") while the prompt says without recomputation; for long sequences dropping the scores makes a smaller count fit than the contract allows.
def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    best = plan.fewest_devices(model, accelerator, global_batch, recompute=("none", "selective"), max_cp=1)
    return best.cluster.count, best.layout
