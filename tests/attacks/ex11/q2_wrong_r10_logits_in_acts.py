# INTENT: "the peak of a step" also holds the fp32 logits of the loss, so it adds 4 s b V / (tp cp) into the activations of the busiest device (the logits sit on the last stage, and the contract's parts are the planner's)
def plan_bytes(model, layout):
    """Bytes per device on the busiest device: weights, gradients, optimizer, activations."""
    params = plan.parameters_per_device(model, layout)
    group = layout.dp * layout.cp
    weights = params * model.param_bytes / (group if layout.zero >= 3 else 1)
    gradients = params * model.grad_bytes / (group if layout.zero >= 2 else 1)
    optimizer = params * model.optimizer_bytes / (group if layout.zero >= 1 else 1)
    layers = math.ceil(model.layers / layout.pp)
    activations = layers * plan.activation_bytes_per_layer(model, layout) * plan.in_flight(layout)
    if layout.recompute == "full":
        activations += plan.activation_bytes_per_layer(model, dataclasses.replace(layout, recompute="none"))
    if layout.pp == 1:
        activations += 4 * model.seq * layout.micro_batch * model.vocab / (layout.tp * layout.cp)
    return {"weights": weights, "gradients": gradients, "optimizer": optimizer, "activations": activations}
