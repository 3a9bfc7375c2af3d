# INTENT: wrong - returns one number, the total bytes, instead of the dict of the four parts (public check: caught)
def plan_bytes(model, layout):
    """Bytes per device on the busiest device: weights, gradients, optimizer, activations."""
    mem = plan.memory(model, layout)
    return mem["weights"] + mem["gradients"] + mem["optimizer"] + mem["activations"]
