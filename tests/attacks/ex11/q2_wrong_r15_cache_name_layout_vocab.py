# INTENT: wrong: memoised by (model.name, model.seq, layout) only: a model of the same name with other bytes per value, vocab or dropout gets the stale plan
def plan_bytes(model, layout, _memo={}):
    key = (model.name, model.seq, layout)
    if key not in _memo:
        m = plan.memory(model, layout)
        _memo[key] = {k: m[k] for k in ("weights", "gradients", "optimizer", "activations")}
    return dict(_memo[key])
