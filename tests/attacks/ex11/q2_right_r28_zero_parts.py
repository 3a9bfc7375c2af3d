# INTENT: right: the state from lesson 09's zero.state_bytes with the model's bytes per value over dp x cp, the activations layer by layer for the micro-batches in flight.
def plan_bytes(model, layout):
    """Bytes per device on the busiest device: weights, gradients, optimizer, activations."""
    state = zero.state_bytes(plan.parameters_per_device(model, layout), layout.dp * layout.cp, layout.zero,
                             weight_bytes=model.param_bytes, grad_bytes=model.grad_bytes,
                             optimizer_bytes=model.optimizer_bytes)
    per_layer = plan.activation_bytes_per_layer(model, layout)
    in_flight = min(layout.pp, layout.micro_batches) if layout.pp > 1 else 1
    stage_layers = -(-model.layers // layout.pp)
    acts = stage_layers * per_layer * in_flight
    if layout.recompute == "full":
        acts += plan.activation_bytes_per_layer(model, dataclasses.replace(layout, recompute="none"))
    out = {k: state[k] for k in ("weights", "gradients", "optimizer")}
    out["activations"] = acts
    return out
