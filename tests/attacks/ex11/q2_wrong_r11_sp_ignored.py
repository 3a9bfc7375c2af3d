# INTENT: activations recomputed for sequence_parallel=True always (the layout's "no SP" flag ignored)
def plan_bytes(model, layout):
    """Bytes per device on the busiest device: weights, gradients, optimizer, activations."""
    params = plan.parameters_per_device(model, layout)
    group = layout.dp * layout.cp
    weights = params * model.param_bytes / (group if layout.zero >= 3 else 1)
    gradients = params * model.grad_bytes / (group if layout.zero >= 2 else 1)
    optimizer = params * model.optimizer_bytes / (group if layout.zero >= 1 else 1)
    lay = dataclasses.replace(layout, sequence_parallel=True)
    layers = math.ceil(model.layers / layout.pp)
    activations = layers * plan.activation_bytes_per_layer(model, lay) * plan.in_flight(lay)
    if layout.recompute == "full":
        activations += plan.activation_bytes_per_layer(model, dataclasses.replace(lay, recompute="none"))
    return {"weights": weights, "gradients": gradients, "optimizer": optimizer, "activations": activations}
