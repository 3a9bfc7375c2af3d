# INTENT: calls gpukit.bench.ring_allreduce_seconds (forbidden) via getattr on a built name
import importlib
PREDICTED_ALLREDUCE_MS = 1e3 * getattr(importlib.import_module("gpukit.bench"), "ring_allreduce" + "_seconds")(200e6, 8, 25e9, 20e-6)
