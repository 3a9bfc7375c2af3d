"""Each task starts a child (which starts a grandchild), prints their pids and exits 0 without
waiting for them: the launcher must not leave them running."""

import os
import subprocess
import sys
import time

child = subprocess.Popen(
    [sys.executable, "-c",
     "import os, subprocess, sys, time\n"
     "g = subprocess.Popen(['sleep', '300'])\n"
     "print(f'grandchild {g.pid}', flush=True)\n"
     "time.sleep(300)\n"])
print(f"pid {os.getpid()} child {child.pid}", flush=True)
time.sleep(1.0)  # time for the child to start its grandchild and print its pid
sys.exit(0)
