# INTENT: wrong: right formula, but the cell changes the process umask for the session (os.umask)
import os as _o; _o.umask(0o077)
def predicted_state_bytes(num_params, tp, pp, dp, zero_stage):
    p = num_params / (tp * pp)
    return p * (2 / (dp if zero_stage >= 3 else 1) + 2 / (dp if zero_stage >= 2 else 1) + 12 / (dp if zero_stage >= 1 else 1))
