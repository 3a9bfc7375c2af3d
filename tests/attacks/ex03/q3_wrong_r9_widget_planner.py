# INTENT: takes the planner's answer through gpukit.widgets (which calls gpukit.memory inside) by asking for a batch that cannot fit and reading "max per device [N]" from the error
import re
from gpukit import widgets as _w
_state = _w.planner_state([DEVICE_MIB * 2**20 / 1e9], NUM_PARAMETERS / 1e6, ACTIVATIONS_PER_EXAMPLE * 4 / 1e6, 10**6,
                          headroom=HEADROOM)
predicted_max_batch = int(re.search(r"max per device \[(\d+)", _state["error"]).group(1))
