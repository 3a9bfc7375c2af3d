# INTENT: wrong: rounds the parameters per device up to whole parameters before multiplying by bytes, so fractional splits (tp/ep/pp not dividing evenly) are off by several bytes.
def plan_bytes(model, layout):
    """Bytes per device on the busiest device: weights, gradients, optimizer, activations."""
    params = math.ceil(plan.parameters_per_device(model, layout))     # a device holds whole parameters
    group = layout.dp * layout.cp
    weights = params * model.param_bytes / (group if layout.zero >= 3 else 1)
    gradients = params * model.grad_bytes / (group if layout.zero >= 2 else 1)
    optimizer = params * model.optimizer_bytes / (group if layout.zero >= 1 else 1)
    layers = math.ceil(model.layers / layout.pp)
    activations = layers * plan.activation_bytes_per_layer(model, layout) * plan.in_flight(layout)
    if layout.recompute == "full":
        activations += plan.activation_bytes_per_layer(model, dataclasses.replace(layout, recompute="none"))
    return {"weights": weights, "gradients": gradients, "optimizer": optimizer, "activations": activations}
