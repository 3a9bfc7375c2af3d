# INTENT: wrong: "no gpukit call": the bandwidth term comes from gpukit.zero.comm_bytes (data-parallel bytes per device) instead of by hand
from gpukit import zero as _zero
PREDICTED_ALLREDUCE_MS = 1e3 * (2 * 7 * 20e-6 + _zero.comm_bytes(50_000_000, 8, 0) / 25e9)
