# INTENT: wrong - fixes the optimizer but folds the fp32 logits into "activations" (the contract's activations are the layers' only) (public check: caught)
def plan_bytes(model, layout):
    """Bytes per device on the busiest device: weights, gradients, optimizer, activations."""
    mem = plan.memory(model, layout)
    return {"weights": mem["weights"], "gradients": mem["gradients"], "optimizer": mem["optimizer"],
            "activations": mem["activations"] + mem["logits"]}
