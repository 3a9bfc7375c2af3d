"""Every task hangs (and ignores SIGTERM and SIGINT): only the launcher's --timeout ends it."""

import os
import signal
import time

signal.signal(signal.SIGTERM, signal.SIG_IGN)
signal.signal(signal.SIGINT, signal.SIG_IGN)
print(f"pid {os.getpid()}", flush=True)
while True:
    time.sleep(1)
