# INTENT: wrong - divides by tp but forgets pp (a pipeline stage holds only 1/pp of the layers) (public check: passed)
def predicted_state_bytes(num_params, tp, pp, dp, zero_stage):
    """Bytes of weights, gradients and Adam state on one device."""
    return zero.state_bytes(num_params / tp, dp, zero_stage, weight_bytes=2, grad_bytes=2,
                            optimizer_bytes=12)["total"]
