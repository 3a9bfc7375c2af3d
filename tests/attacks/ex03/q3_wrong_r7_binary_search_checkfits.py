# INTENT: forbidden shortcut: calls the planner through new function objects built from its code (bypasses a wrapper on the module attribute).
import types
_mod = __import__("gpukit.memory", fromlist=["x"])
_f = types.FunctionType(_mod.max_batch_sizes.__code__, _mod.max_batch_sizes.__globals__)
_e = types.FunctionType(_mod.estimate_from_counts.__code__, _mod.estimate_from_counts.__globals__)
_e.__kwdefaults__ = _mod.estimate_from_counts.__kwdefaults__
predicted_max_batch = _f([DEVICE_MIB * 2**20], _e(NUM_PARAMETERS, ACTIVATIONS_PER_EXAMPLE, optimizer="adam"), HEADROOM)[0]
