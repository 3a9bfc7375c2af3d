# INTENT: wrong: with a pipeline it counts ZeRO-2/3 as ZeRO-1 (gradients and weights whole, "a pipeline keeps each stage's gradients and weights whole", plan.search's rule); the contract applies the layout's stage over dp x cp with pp > 1 too.
def plan_bytes(model, layout):
    """Bytes per device on the busiest device: weights, gradients, optimizer, activations."""
    params = plan.parameters_per_device(model, layout)
    group = layout.dp * layout.cp
    stage = min(layout.zero, 1) if layout.pp > 1 else layout.zero
    weights = params * model.param_bytes / (group if stage >= 3 else 1)
    gradients = params * model.grad_bytes / (group if stage >= 2 else 1)
    optimizer = params * model.optimizer_bytes / (group if stage >= 1 else 1)
    layers = math.ceil(model.layers / layout.pp)
    activations = layers * plan.activation_bytes_per_layer(model, layout) * plan.in_flight(layout)
    if layout.recompute == "full":
        activations += plan.activation_bytes_per_layer(model, dataclasses.replace(layout, recompute="none"))
    return {"weights": weights, "gradients": gradients, "optimizer": optimizer, "activations": activations}
