# INTENT: RIGHT: same bytes via gpukit.zero.plan (the library's own sharding plan, pure Python): whole weights + 3 slices per variable.
_plan = zero.plan([(IN_DIM, HIDDEN), (HIDDEN,), (HIDDEN, OUT_DIM), (OUT_DIM,)], NUM_REPLICAS)
predicted_bytes = sum(4 * (sh.size + 3 * sh.slice_size) for sh in _plan)
