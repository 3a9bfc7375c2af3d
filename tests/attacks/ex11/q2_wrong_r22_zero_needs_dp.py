# INTENT: wrong: shards ZeRO state only "over two or more data-parallel replicas" (dp > 1), so a layout with dp=1, cp>1 keeps the whole state; the contract's ZeRO group is dp x cp (context-parallel ranks shard it too).
def plan_bytes(model, layout):
    """Bytes per device on the busiest device: weights, gradients, optimizer, activations."""
    params = plan.parameters_per_device(model, layout)
    # ZeRO partitions across data-parallel replicas: with a single replica there is nothing to shard over
    group = layout.dp * layout.cp if layout.dp > 1 else 1
    weights = params * model.param_bytes / (group if layout.zero >= 3 else 1)
    gradients = params * model.grad_bytes / (group if layout.zero >= 2 else 1)
    optimizer = params * model.optimizer_bytes / (group if layout.zero >= 1 else 1)
    layers = math.ceil(model.layers / layout.pp)
    activations = layers * plan.activation_bytes_per_layer(model, layout) * plan.in_flight(layout)
    if layout.recompute == "full":
        activations += plan.activation_bytes_per_layer(model, dataclasses.replace(layout, recompute="none"))
    return {"weights": weights, "gradients": gradients, "optimizer": optimizer, "activations": activations}
