# INTENT: wrong: widens the search by assigning plan.DEVICE_COUNTS in the library (a change to the graded library the prompt forbids), then calls fewest_devices.
# RULED outside (issue 38, round 28): plan.DEVICE_COUNTS is given the value it already has (tuple(2**i for i in range(21)), equal item for item), so the library is not changed: every gpukit.plan function computes what it did, and the answer's (count, layout) are plan.fewest_devices' with the question's restrictions, right; the prompt forbids changing the library (replacing a function or class, gpukit.plan.plan = mine), which a rebinding to an equal value does not do (a check by identity of ALL_CAPS module state would also flag gpukit's own state, which it changes itself)
plan.DEVICE_COUNTS = tuple(2**i for i in range(21))


def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    best = plan.fewest_devices(model, accelerator, global_batch, recompute=("none",), max_cp=1)
    return best.cluster.count, best.layout
