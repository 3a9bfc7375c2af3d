# INTENT: wrong: results cached under a key of the model's sizes and bytes per value but not dropout/gated/top_k/kv_heads/norm: same-named models differing there get the first one's activations
_plan_cache = {}
def plan_bytes(model, layout):
    """Bytes per device on the busiest device: weights, gradients, optimizer, activations."""
    key = (model.name, model.layers, model.hidden, model.heads, model.seq, model.vocab, model.ffn, model.experts,
           model.param_bytes, model.grad_bytes, model.optimizer_bytes, model.activation_bytes, layout)
    if key in _plan_cache:
        return dict(_plan_cache[key])
    params = plan.parameters_per_device(model, layout)
    group = layout.dp * layout.cp
    out = {"weights": params * model.param_bytes / (group if layout.zero >= 3 else 1),
           "gradients": params * model.grad_bytes / (group if layout.zero >= 2 else 1),
           "optimizer": params * model.optimizer_bytes / (group if layout.zero >= 1 else 1)}
    acts = math.ceil(model.layers / layout.pp) * plan.activation_bytes_per_layer(model, layout) * plan.in_flight(layout)
    if layout.recompute == "full":
        acts += plan.activation_bytes_per_layer(model, dataclasses.replace(layout, recompute="none"))
    out["activations"] = acts
    _plan_cache[key] = dict(out)
    return out
