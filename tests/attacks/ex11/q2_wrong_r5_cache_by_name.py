# INTENT: memoises by (model.name, str(layout)): str(layout) leaves out the global batch (and SP when tp=1), and two models of one name collide (state kept between calls)
import dataclasses
import math
from gpukit import plan

_CACHE = {}

def plan_bytes(model, layout):
    """Bytes per device on the busiest device: weights, gradients, optimizer, activations."""
    key = (model.name, str(layout))
    if key not in _CACHE:
        _CACHE[key] = _plan_bytes(model, layout)
    return dict(_CACHE[key])


def _plan_bytes(model, layout):
    params = plan.parameters_per_device(model, layout)
    group = layout.dp * layout.cp
    weights = params * model.param_bytes / (group if layout.zero >= 3 else 1)
    gradients = params * model.grad_bytes / (group if layout.zero >= 2 else 1)
    optimizer = params * model.optimizer_bytes / (group if layout.zero >= 1 else 1)
    layers = math.ceil(model.layers / layout.pp)
    activations = layers * plan.activation_bytes_per_layer(model, layout) * plan.in_flight(layout)
    if layout.recompute == "full":
        activations += plan.activation_bytes_per_layer(model, dataclasses.replace(layout, recompute="none"))
    return {"weights": weights, "gradients": gradients, "optimizer": optimizer, "activations": activations}
