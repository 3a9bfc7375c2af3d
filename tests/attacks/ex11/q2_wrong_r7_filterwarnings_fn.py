# INTENT: right plan, but silences every warning inside the function (warnings.filterwarnings("ignore"), not restored)
import warnings


def plan_bytes(model, layout):
    """Bytes per device on the busiest device: weights, gradients, optimizer, activations."""
    warnings.filterwarnings("ignore")
    mem = plan.memory(model, layout)
    return {k: mem[k] for k in ("weights", "gradients", "optimizer", "activations")}
