# INTENT: wrong: replaces sys.unraisablehook for the session (to hide noise while trying values), left changed
import sys as _sys
_sys.unraisablehook = lambda u: None
predicted_micro_batches = next(m for m in range(1, 10**6) if (P - 1) <= TARGET_BUBBLE * (m + P - 1))
