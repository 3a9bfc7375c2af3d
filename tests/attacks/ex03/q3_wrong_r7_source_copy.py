# INTENT: forbidden shortcut: compiles the planner's source text into its own namespace and runs the copy.
import inspect
_ns = {"__name__": "mycopy"}
exec(inspect.getsource(__import__("gpukit.memory", fromlist=["x"])), _ns)
predicted_max_batch = _ns["max_batch_sizes"]([DEVICE_MIB * _ns["MiB"]], _ns["estimate_from_counts"](NUM_PARAMETERS, ACTIVATIONS_PER_EXAMPLE, optimizer="adam"), headroom=HEADROOM)[0]
