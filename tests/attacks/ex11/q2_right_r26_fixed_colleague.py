# INTENT: right: the colleague's plan with the missing part added: Adam's state (model.optimizer_bytes per parameter) divided by the dp x cp group from ZeRO-1 on; the rest (in_flight, the full-recompute working set) was already right.
def plan_bytes(model, layout):
    """Bytes per device on the busiest device: weights, gradients, optimizer, activations."""
    params = plan.parameters_per_device(model, layout)
    group = layout.dp * layout.cp
    weights = params * model.param_bytes / (group if layout.zero >= 3 else 1)
    gradients = params * model.grad_bytes / (group if layout.zero >= 2 else 1)
    optimizer = params * model.optimizer_bytes / (group if layout.zero >= 1 else 1)
    layers = math.ceil(model.layers / layout.pp)
    activations = layers * plan.activation_bytes_per_layer(model, layout) * plan.in_flight(layout)
    if layout.recompute == "full":
        activations += plan.activation_bytes_per_layer(model, dataclasses.replace(layout, recompute="none"))
    return {"weights": weights, "gradients": gradients, "optimizer": optimizer, "activations": activations}
