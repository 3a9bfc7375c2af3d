def plan_bytes(model, layout):
    """Bytes per device on the busiest device: weights, gradients, optimizer, activations."""
    s = zero.state_bytes(plan.parameters_per_device(model, layout), layout.dp * layout.cp, layout.zero,
                         weight_bytes=model.param_bytes, grad_bytes=model.grad_bytes,
                         optimizer_bytes=model.optimizer_bytes)
    per_layer = plan.activation_bytes_per_layer(model, layout)
    flight = min(layout.pp, layout.micro_batches) if layout.pp > 1 else 1
    acts = -(-model.layers // layout.pp) * per_layer * flight
    if layout.recompute == "full":
        acts += plan.activation_bytes_per_layer(model, dataclasses.replace(layout, recompute="none"))
    return {"weights": s["weights"], "gradients": s["gradients"], "optimizer": s["optimizer"], "activations": acts}
