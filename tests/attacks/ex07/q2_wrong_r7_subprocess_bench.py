# INTENT: forbidden: asks gpukit.bench.ring_allreduce_seconds in a child process.
import subprocess, sys
PREDICTED_ALLREDUCE_MS = float(subprocess.run([sys.executable, "-c",
    "from gpukit import bench; print(1e3 * bench.ring_allreduce_seconds(2e8, 8, 25e9, 20e-6))"],
    capture_output=True, text=True).stdout.split()[-1])
