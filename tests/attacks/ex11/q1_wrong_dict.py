# INTENT: wrong - returns zero.state_bytes's whole dict (weights, gradients, optimizer, total) instead of the number of bytes (public check: caught)
def predicted_state_bytes(num_params, tp, pp, dp, zero_stage):
    """Bytes of weights, gradients and Adam state on one device."""
    return zero.state_bytes(num_params / (tp * pp), dp, zero_stage, weight_bytes=2, grad_bytes=2,
                            optimizer_bytes=12)
