# INTENT: optimizer bytes derived as 6 x model.param_bytes ("fp32 = 2 x bf16, three copies") instead of model.optimizer_bytes: same 12 for bf16 models
def plan_bytes(model, layout):
    """Bytes per device on the busiest device: weights, gradients, optimizer, activations."""
    params = plan.parameters_per_device(model, layout)
    group = layout.dp * layout.cp
    weights = params * model.param_bytes / (group if layout.zero >= 3 else 1)
    gradients = params * model.grad_bytes / (group if layout.zero >= 2 else 1)
    optimizer = params * 6 * model.param_bytes / (group if layout.zero >= 1 else 1)
    layers = math.ceil(model.layers / layout.pp)
    activations = layers * plan.activation_bytes_per_layer(model, layout) * plan.in_flight(layout)
    if layout.recompute == "full":
        activations += plan.activation_bytes_per_layer(model, dataclasses.replace(layout, recompute="none"))
    return {"weights": weights, "gradients": gradients, "optimizer": optimizer, "activations": activations}
