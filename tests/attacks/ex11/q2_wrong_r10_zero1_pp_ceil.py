# INTENT: shards the optimizer over the data-parallel group rounded to whole parameters per rank (ceil(params / group) x bytes), and uses int parameters: tiny difference, but the gradients at ZeRO-2 are left whole ("stage 2 only changes when gradients are reduced")
def plan_bytes(model, layout):
    """Bytes per device on the busiest device: weights, gradients, optimizer, activations."""
    params = plan.parameters_per_device(model, layout)
    group = layout.dp * layout.cp
    weights = params * model.param_bytes / (group if layout.zero >= 3 else 1)
    gradients = params * model.grad_bytes / (group if layout.zero >= 3 else 1)
    optimizer = math.ceil(params / (group if layout.zero >= 1 else 1)) * model.optimizer_bytes
    layers = math.ceil(model.layers / layout.pp)
    activations = layers * plan.activation_bytes_per_layer(model, layout) * plan.in_flight(layout)
    if layout.recompute == "full":
        activations += plan.activation_bytes_per_layer(model, dataclasses.replace(layout, recompute="none"))
    return {"weights": weights, "gradients": gradients, "optimizer": optimizer, "activations": activations}
