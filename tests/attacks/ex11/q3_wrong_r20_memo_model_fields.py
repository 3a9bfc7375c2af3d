# INTENT: wrong: memoised by (model.name, layers, hidden, heads, seq, accelerator, global_batch): a model under the same name and shape but another vocabulary, ffn, experts or bytes per value gets the first one's answer (the hidden test renames the model, which this key does notice).
_FEWEST = {}
def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    key = (model.name, model.layers, model.hidden, model.heads, model.seq, accelerator, global_batch)
    if key in _FEWEST:
        return _FEWEST[key]
    count = 1
    while True:
        cluster = plan.Cluster(accelerator, count, per_node=min(8, count))
        try:
            layout = plan.search(model, cluster, global_batch, top=1, recompute=("none",), max_cp=1)[0].layout
            break
        except plan.PlanError:
            count *= 2
    _FEWEST[key] = (count, layout)
    return count, layout
