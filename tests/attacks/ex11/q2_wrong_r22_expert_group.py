# INTENT: wrong: shards the experts' parameters over the expert-data-parallel group dp*cp/ep (Megatron's rule) instead of dp x cp; equal for dense models and ep=1, too large for a mixture of experts with ep > 1 and ZeRO >= 1.
def plan_bytes(model, layout):
    """Bytes per device on the busiest device: weights, gradients, optimizer, activations."""
    params = plan.parameters_per_device(model, layout)
    group = layout.dp * layout.cp
    # each expert is replicated on dp*cp/ep ranks only, so its ZeRO shards are ep times larger
    p = plan.layer_parameters(model)
    experts = math.ceil(model.layers / layout.pp) * p["mlp"] / layout.ep / layout.tp if model.experts > 1 else 0.0
    dense = params - experts
    expert_group = group // layout.ep

    def part(bytes_per_value, first_stage):
        if layout.zero < first_stage:
            return params * bytes_per_value
        return dense * bytes_per_value / group + experts * bytes_per_value / expert_group

    layers = math.ceil(model.layers / layout.pp)
    activations = layers * plan.activation_bytes_per_layer(model, layout) * plan.in_flight(layout)
    if layout.recompute == "full":
        activations += plan.activation_bytes_per_layer(model, dataclasses.replace(layout, recompute="none"))
    return {"weights": part(model.param_bytes, 3), "gradients": part(model.grad_bytes, 2),
            "optimizer": part(model.optimizer_bytes, 1), "activations": activations}
