# INTENT: correct - a per-stage table of which of the (weight, gradient, optimizer) byte counts are sharded over dp, summed per parameter (public check: passed)
def predicted_state_bytes(num_params, tp, pp, dp, zero_stage):
    """Bytes of weights, gradients and Adam state on one device."""
    sharded = {0: (False, False, False), 1: (False, False, True),
               2: (False, True, True), 3: (True, True, True)}[zero_stage]
    per_param = sum(b / dp if s else b for b, s in zip((2, 2, 12), sharded))
    return per_param * num_params / tp / pp
