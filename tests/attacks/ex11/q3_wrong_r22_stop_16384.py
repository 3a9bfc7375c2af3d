# INTENT: wrong: doubles only up to 2**14 = 16 384 accelerators (past the 8 192 trap, "the largest runs published") and returns None beyond; the prompt says however many it takes, so a model needing 32 768 gets no answer.
def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    for exponent in range(15):          # 1 .. 16 384: Llama 3 405B trained on 16K H100s
        count = 2 ** exponent
        cluster = plan.Cluster(accelerator, count, per_node=min(8, count))
        try:
            best = plan.search(cluster=cluster, model=model, global_batch=global_batch, top=1,
                               recompute=("none",), max_cp=1)[0]
        except plan.PlanError:
            continue
        return count, best.layout
    return None
