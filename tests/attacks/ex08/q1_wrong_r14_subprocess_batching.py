# INTENT: wrong: forbidden route, gpukit's smallest_accum_steps run in a child process instead of worked out by hand
import subprocess, sys
_k = int(subprocess.run([sys.executable, "-c",
        f"from gpukit.batching import smallest_accum_steps as s; print(s({GLOBAL_BATCH}, {NUM_REPLICAS}, {MAX_PER_REPLICA}))"],
        capture_output=True, text=True).stdout.split()[-1])
predicted = (N_EXAMPLES // GLOBAL_BATCH, _k)
