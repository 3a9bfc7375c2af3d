# INTENT: wrong: pipeline share rounded up as if whole layers: ceil(pp-share) via a 32-layer guess (num_params/pp rounded to a layer's worth) -- exact only when pp divides 32
def predicted_state_bytes(num_params, tp, pp, dp, zero_stage):
    """Bytes of weights, gradients and Adam state on one device."""
    import math
    layers = 32                                   # a typical depth
    p = num_params / layers * math.ceil(layers / pp) / tp
    return (2 * p / (dp if zero_stage >= 3 else 1) + 2 * p / (dp if zero_stage >= 2 else 1)
            + 12 * p / (dp if zero_stage >= 1 else 1))
