# RULED outside (issue 38, round 16; filed wrong): each part truncated to whole bytes, under a byte (earlier ruling)
# INTENT: wrong: every part truncated to whole bytes (int()): not the planner's bytes for sizes that do not divide
def plan_bytes(model, layout):
    """Bytes per device on the busiest device: weights, gradients, optimizer, activations."""
    m = plan.memory(model, layout)
    return {k: int(m[k]) for k in ("weights", "gradients", "optimizer", "activations")}
