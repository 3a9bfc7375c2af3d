# INTENT: correct - splits the parameters over tp x pp and applies lesson 09's zero.state_bytes with mixed-precision bytes (2, 2, 12) over dp (public check: passed)
def predicted_state_bytes(num_params, tp, pp, dp, zero_stage):
    """Bytes of weights, gradients and Adam state on one device."""
    per_device = num_params / (tp * pp)
    return zero.state_bytes(per_device, dp, zero_stage, weight_bytes=2, grad_bytes=2,
                            optimizer_bytes=12)["total"]
