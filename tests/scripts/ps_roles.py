"""The parameter-server layout without TensorFlow: the chief works briefly and exits 0; ps and
worker tasks serve until stopped (as ``tf.distribute.Server(...).join()`` does).
``python ps_roles.py early``: ps 0 leaves at once (a server that died)."""

import json
import os
import sys
import time

task = json.loads(os.environ["TF_CONFIG"])["task"]
print(f"pid {os.getpid()} {task['type']}", flush=True)
if task["type"] == "chief":
    time.sleep(1.5)
    print("chief done", flush=True)
    sys.exit(0)
if task["type"] == "ps" and sys.argv[1:] == ["early"]:
    sys.exit(0)
time.sleep(300)
