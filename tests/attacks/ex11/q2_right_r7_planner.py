def plan_bytes(model, layout):
    """Bytes per device on the busiest device: weights, gradients, optimizer, activations."""
    mem = plan.memory(model, layout)
    return {k: mem[k] for k in ("weights", "gradients", "optimizer", "activations")}
