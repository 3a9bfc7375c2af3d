# INTENT: takes the number from gpukit's planner widget state instead of working it out (a gpukit.memory call in disguise)
from gpukit import widgets as _w
_state = _w.planner_state([DEVICE_MIB * 2**20 / 1e9], NUM_PARAMETERS / 1e6, ACTIVATIONS_PER_EXAMPLE * 4 / 1e6, 1,
                          headroom=HEADROOM)
_est = _state["estimate"]
predicted_max_batch = int((DEVICE_MIB * 2**20 * (1 - HEADROOM) - _est.fixed) // _est.activations_per_example)
