# INTENT: wrong: runs gpukit's schedule simulator in a child process (the forbidden route by another process)
import subprocess, sys
_code = ("from gpukit import parallel\n"
         f"print(next(m for m in range(1,1000) if parallel.make_schedule('gpipe', {P}, m).bubble() <= {TARGET_BUBBLE}))")
predicted_micro_batches = int(subprocess.run([sys.executable, "-c", _code], capture_output=True, text=True).stdout.split()[-1])
