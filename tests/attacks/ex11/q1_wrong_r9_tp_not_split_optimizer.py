# INTENT: the optimizer state split over dp only, not tp x pp (thinks Adam state lives with the data-parallel replicas)
def predicted_state_bytes(num_params, tp, pp, dp, zero_stage):
    """Bytes of weights, gradients and Adam state on one device."""
    p = num_params / (tp * pp)
    return (2 * p / (dp if zero_stage >= 3 else 1) + 2 * p / (dp if zero_stage >= 2 else 1)
            + 12 * num_params / (dp if zero_stage >= 1 else 1))
