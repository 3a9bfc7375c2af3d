"""Worker 1 fails, worker 0 would run for 5 minutes: ``python crash.py MODE [MARKER]``.

MODE ``exit``: worker 1 exits with code 3; ``kill``: it dies of SIGKILL; ``raise``: it raises
``RuntimeError("planted in worker 1")`` (and worker 0 then fails too, with a knock-on error). With MARKER (a file
path) worker 1 fails only when MARKER does not exist yet (it creates it), so a relaunch succeeds:
every task then prints "resumed" and exits 0.
"""

import json
import os
import signal
import sys
import time

task = json.loads(os.environ["TF_CONFIG"])["task"]
mode = sys.argv[1]
marker = sys.argv[2] if len(sys.argv) > 2 else None
print(f"pid {os.getpid()}", flush=True)
if marker and os.path.exists(marker):
    print("resumed", flush=True)
    sys.exit(0)
if task["index"] == 1:
    time.sleep(1.0)
    if marker:
        open(marker, "w").close()
    print("failing now", flush=True)
    if mode == "kill":
        os.kill(os.getpid(), signal.SIGKILL)
    if mode == "raise":
        raise RuntimeError("planted in worker 1")
    sys.exit(3)
if mode == "raise":
    time.sleep(1.5)
    raise ConnectionError("worker 1 is gone (a knock-on error)")
time.sleep(300)
