# INTENT: right plan, but seeds NumPy's global generator inside the function
import numpy as np


def plan_bytes(model, layout):
    """Bytes per device on the busiest device: weights, gradients, optimizer, activations."""
    np.random.seed(0)
    mem = plan.memory(model, layout)
    return {k: mem[k] for k in ("weights", "gradients", "optimizer", "activations")}
