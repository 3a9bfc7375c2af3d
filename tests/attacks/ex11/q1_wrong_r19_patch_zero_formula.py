# INTENT: wrong: stages 1 and 2 swapped (stage 1 shards the gradients, stage 2 the optimizer state), and gpukit.zero.state_bytes, lesson 09's formula the checker compares with, is replaced for the whole session by the same swapped rule: a library function changed, values wrong at stages 1 and 2 by the contract.
from gpukit import zero as _zero
def _state(num_params, num_replicas, stage, *, weight_bytes=4, grad_bytes=4, optimizer_bytes=8):
    n = num_replicas
    w = num_params * weight_bytes / (n if stage >= 3 else 1)
    g = num_params * grad_bytes / (n if stage >= 1 else 1)
    o = num_params * optimizer_bytes / (n if stage >= 2 else 1)
    return {"weights": w, "gradients": g, "optimizer": o, "total": w + g + o}
_zero.state_bytes = _state
def predicted_state_bytes(num_params, tp, pp, dp, zero_stage):
    """Bytes of weights, gradients and Adam state on one device."""
    return _state(num_params / (tp * pp), dp, zero_stage, weight_bytes=2, grad_bytes=2, optimizer_bytes=12)["total"]
