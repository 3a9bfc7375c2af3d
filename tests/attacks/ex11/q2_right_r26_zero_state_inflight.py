# INTENT: right: state from lesson 09's zero.state_bytes over dp*cp with the model's bytes per value, activations recomputed here with min(pp, micro-batches) in flight written out by hand.
def plan_bytes(model, layout):
    """Bytes per device on the busiest device: weights, gradients, optimizer, activations."""
    state = zero.state_bytes(plan.parameters_per_device(model, layout), layout.dp * layout.cp, layout.zero,
                             weight_bytes=model.param_bytes, grad_bytes=model.grad_bytes,
                             optimizer_bytes=model.optimizer_bytes)
    micro_batches = layout.global_batch // (layout.dp * layout.micro_batch)
    live = min(layout.pp, micro_batches) if layout.pp > 1 else 1
    per_layer = plan.activation_bytes_per_layer(model, layout)
    acts = -(-model.layers // layout.pp) * per_layer * live
    if layout.recompute == "full":
        acts += plan.activation_bytes_per_layer(model, dataclasses.replace(layout, recompute="none"))
    return {"weights": state["weights"], "gradients": state["gradients"], "optimizer": state["optimizer"],
            "activations": acts}
