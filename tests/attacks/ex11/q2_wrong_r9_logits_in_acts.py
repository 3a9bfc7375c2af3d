# INTENT: the fp32 logits of the loss added into "activations" on the first stage (they live on the last stage)
def plan_bytes(model, layout):
    """Bytes per device on the busiest device: weights, gradients, optimizer, activations."""
    m = plan.memory(model, layout)
    return {"weights": m["weights"], "gradients": m["gradients"], "optimizer": m["optimizer"],
            "activations": m["activations"] + m["logits"]}
