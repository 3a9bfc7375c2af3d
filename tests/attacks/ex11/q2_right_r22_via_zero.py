# INTENT: right: state via lesson 09's gpukit.zero.state_bytes over the group dp x cp with the model's bytes per value; activations rebuilt from the per-layer formula with its own in-flight count min(pp, global_batch // (dp*micro_batch)).
def plan_bytes(model, layout):
    """Bytes per device on the busiest device: weights, gradients, optimizer, activations."""
    state = zero.state_bytes(plan.parameters_per_device(model, layout), layout.dp * layout.cp, layout.zero,
                             weight_bytes=model.param_bytes, grad_bytes=model.grad_bytes,
                             optimizer_bytes=model.optimizer_bytes)
    stage_layers = -(-model.layers // layout.pp)
    micro_batches = layout.global_batch // (layout.dp * layout.micro_batch)
    held = min(layout.pp, micro_batches) if layout.pp > 1 else 1
    activations = stage_layers * held * plan.activation_bytes_per_layer(model, layout)
    if layout.recompute == "full":
        activations += plan.activation_bytes_per_layer(model, dataclasses.replace(layout, recompute="none"))
    return {"weights": state["weights"], "gradients": state["gradients"], "optimizer": state["optimizer"],
            "activations": activations}
