# INTENT: wrong: memoised by (model.name, model.seq, layout) in a default-arg dict: a model differing in bytes per value/vocab/dropout under the same name gets a stale plan
def plan_bytes(model, layout, _memo={}):
    key = (model.name, model.seq, model.layers, model.hidden, layout)
    if key not in _memo:
        _memo[key] = plan.memory(model, layout)
    m = _memo[key]
    return {k: m[k] for k in ("weights", "gradients", "optimizer", "activations")}
