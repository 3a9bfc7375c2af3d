# INTENT: wrong: memoises by (id(model), layout) to speed up searches; a model freed and a new one (other vocabulary or bytes per value) allocated at the same address gets the old model's bytes - state kept between calls.
_memo = {}


def plan_bytes(model, layout):
    """Bytes per device on the busiest device: weights, gradients, optimizer, activations."""
    key = (id(model), layout)          # Model is frozen: the same object always has the same bytes
    if key not in _memo:
        params = plan.parameters_per_device(model, layout)
        group = layout.dp * layout.cp
        weights = params * model.param_bytes / (group if layout.zero >= 3 else 1)
        gradients = params * model.grad_bytes / (group if layout.zero >= 2 else 1)
        optimizer = params * model.optimizer_bytes / (group if layout.zero >= 1 else 1)
        layers = math.ceil(model.layers / layout.pp)
        activations = layers * plan.activation_bytes_per_layer(model, layout) * plan.in_flight(layout)
        if layout.recompute == "full":
            activations += plan.activation_bytes_per_layer(model, dataclasses.replace(layout, recompute="none"))
        _memo[key] = {"weights": weights, "gradients": gradients, "optimizer": optimizer,
                      "activations": activations}
    return dict(_memo[key])
