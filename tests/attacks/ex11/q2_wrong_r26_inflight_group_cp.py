# INTENT: wrong: counts the micro-batches per pipeline over the whole data-parallel group dp x cp (global_batch / (dp*cp*micro_batch)); context-parallel ranks share a sequence, so with cp > 1 and a pipeline fed few micro-batches it puts too few in flight and undercounts activations.
def plan_bytes(model, layout):
    """Bytes per device on the busiest device: weights, gradients, optimizer, activations."""
    group = layout.dp * layout.cp                       # the data-parallel group of this layout
    params = plan.parameters_per_device(model, layout)
    weights = params * model.param_bytes / (group if layout.zero >= 3 else 1)
    gradients = params * model.grad_bytes / (group if layout.zero >= 2 else 1)
    optimizer = params * model.optimizer_bytes / (group if layout.zero >= 1 else 1)
    micro_batches = max(1, layout.global_batch // (group * layout.micro_batch))
    live = min(layout.pp, micro_batches) if layout.pp > 1 else 1
    layers = math.ceil(model.layers / layout.pp)
    activations = layers * plan.activation_bytes_per_layer(model, layout) * live
    if layout.recompute == "full":
        activations += plan.activation_bytes_per_layer(model, dataclasses.replace(layout, recompute="none"))
    return {"weights": weights, "gradients": gradients, "optimizer": optimizer, "activations": activations}
