# INTENT: wrong: applies plan.search's remark "a pipeline keeps each stage's gradients and weights whole" to the memory: with pp > 1 the ZeRO-2/3 division of gradients and weights is dropped, but the contract's parts are the layout's ZeRO stage over dp x cp whatever the pipeline (gpukit.plan.memory divides them).
def plan_bytes(model, layout):
    """Bytes per device on the busiest device: weights, gradients, optimizer, activations."""
    params = plan.parameters_per_device(model, layout)
    group = layout.dp * layout.cp
    whole = layout.pp > 1                         # a pipeline accumulates whole gradients over micro-batches
    weights = params * model.param_bytes / (group if layout.zero >= 3 and not whole else 1)
    gradients = params * model.grad_bytes / (group if layout.zero >= 2 and not whole else 1)
    optimizer = params * model.optimizer_bytes / (group if layout.zero >= 1 else 1)
    layers = math.ceil(model.layers / layout.pp)
    activations = layers * plan.activation_bytes_per_layer(model, layout) * plan.in_flight(layout)
    if layout.recompute == "full":
        activations += plan.activation_bytes_per_layer(model, dataclasses.replace(layout, recompute="none"))
    return {"weights": weights, "gradients": gradients, "optimizer": optimizer, "activations": activations}
