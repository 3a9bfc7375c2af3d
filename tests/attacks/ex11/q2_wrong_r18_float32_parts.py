# INTENT: wrong: parts returned as float32 (rounded to ~7 digits: hundreds of bytes off on tens of GB)
import numpy as np
def plan_bytes(model, layout):
    params = plan.parameters_per_device(model, layout)
    group = layout.dp * layout.cp
    weights = params * model.param_bytes / (group if layout.zero >= 3 else 1)
    gradients = params * model.grad_bytes / (group if layout.zero >= 2 else 1)
    optimizer = params * model.optimizer_bytes / (group if layout.zero >= 1 else 1)
    layers = math.ceil(model.layers / layout.pp)
    activations = layers * plan.activation_bytes_per_layer(model, layout) * plan.in_flight(layout)
    if layout.recompute == "full":
        activations += plan.activation_bytes_per_layer(model, dataclasses.replace(layout, recompute="none"))
    return {k: np.float32(v) for k, v in
            {"weights": weights, "gradients": gradients, "optimizer": optimizer, "activations": activations}.items()}
