def plan_bytes(model, layout):
    """Bytes per device on the busiest device: weights, gradients, optimizer, activations."""
    mem = plan.memory(model, layout)
    return {part: mem[part] for part in ("weights", "gradients", "optimizer", "activations")}
