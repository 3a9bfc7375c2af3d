# INTENT: micro-batches in flight = min(pp, global_batch / micro_batch): forgets that the global batch is split over dp first
def plan_bytes(model, layout):
    """Bytes per device on the busiest device: weights, gradients, optimizer, activations."""
    params = plan.parameters_per_device(model, layout)
    group = layout.dp * layout.cp
    weights = params * model.param_bytes / (group if layout.zero >= 3 else 1)
    gradients = params * model.grad_bytes / (group if layout.zero >= 2 else 1)
    optimizer = params * model.optimizer_bytes / (group if layout.zero >= 1 else 1)
    layers = math.ceil(model.layers / layout.pp)
    flight = min(layout.pp, layout.global_batch // layout.micro_batch) if layout.pp > 1 else 1
    activations = layers * plan.activation_bytes_per_layer(model, layout) * flight
    if layout.recompute == "full":
        activations += plan.activation_bytes_per_layer(model, dataclasses.replace(layout, recompute="none"))
    return {"weights": weights, "gradients": gradients, "optimizer": optimizer, "activations": activations}
