# INTENT: calls gpukit's planner under another name (getattr on the package) to dodge "a call to gpukit.memory is not allowed"
_mod = getattr(__import__("gpukit"), "mem" + "ory")
_est = getattr(_mod, "estimate_from_counts")(NUM_PARAMETERS, ACTIVATIONS_PER_EXAMPLE, optimizer="adam")
predicted_max_batch = int((DEVICE_MIB * 2**20 * (1 - HEADROOM) - _est.fixed) // _est.activations_per_example)
