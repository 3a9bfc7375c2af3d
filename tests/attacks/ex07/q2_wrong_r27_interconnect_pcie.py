# INTENT: wrong: uses the lesson's nominal PCIe link (bench.interconnect_seconds) instead of the 25 GB/s and 20 us the prompt gives, and a gpukit call the prompt forbids.
from gpukit import bench
PREDICTED_ALLREDUCE_MS = 1e3 * bench.interconnect_seconds(4 * 50_000_000, 8, "pcie")
