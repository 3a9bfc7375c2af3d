def plan_bytes(model, layout):
    """Bytes per device on the busiest device: weights, gradients, optimizer, activations."""
    m = plan.memory(model, layout)
    return {k: m[k] for k in ("weights", "gradients", "optimizer", "activations")}
