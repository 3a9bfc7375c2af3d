# INTENT: wrong: the bytes-per-parameter factor is computed in float32 (numpy table); exact for dp a power of two (public cases) but 12/dp, 2/dp are rounded for dp=3,6,12,... so a 7B model is off by hundreds of bytes.
import numpy as np

_BYTES = np.array([2, 2, 12], dtype=np.float32)       # bf16 weight, bf16 gradient, fp32 master + 2 moments
_FIRST_STAGE = np.array([3, 2, 1])                     # the ZeRO stage from which each part is sharded


def predicted_state_bytes(num_params, tp, pp, dp, zero_stage):
    """Bytes of weights, gradients and Adam state on one device."""
    divisors = np.where(zero_stage >= _FIRST_STAGE, dp, 1).astype(_BYTES.dtype)
    per_param = float((_BYTES / divisors).sum())       # bytes per parameter on this device
    return per_param * num_params / (tp * pp)
