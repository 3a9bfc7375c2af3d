# INTENT: forbidden shortcut: asks gpukit.memory's planner, but in a child process the check cannot watch.
import subprocess, sys
_code = ("from gpukit import memory as m; e = m.estimate_from_counts(%d, %d, optimizer='adam'); "
         "print(m.max_batch_sizes([%d * m.MiB], e, headroom=%r)[0])") % (NUM_PARAMETERS, ACTIVATIONS_PER_EXAMPLE, DEVICE_MIB, HEADROOM)
predicted_max_batch = int(subprocess.run([sys.executable, "-c", _code], capture_output=True, text=True).stdout.split()[-1])
