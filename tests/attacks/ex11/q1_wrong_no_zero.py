# INTENT: wrong - ignores the zero_stage and dp arguments: 16 bytes per parameter of the tp x pp shard, as plain data parallelism (public check: caught)
def predicted_state_bytes(num_params, tp, pp, dp, zero_stage):
    """Bytes of weights, gradients and Adam state on one device."""
    return 16 * num_params / (tp * pp)
