# INTENT: calls the forbidden precision.scale_after, unwrapped past whatever watches it (inspect.unwrap)
import inspect
predicted_scale = inspect.unwrap(precision.scale_after)(BAD_STEPS, INITIAL_SCALE)
