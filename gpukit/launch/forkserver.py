"""Start worker processes by forking one that has already imported TensorFlow (lesson 02's clusters).

A new Python interpreter spends 3.5–4 s of CPU importing TensorFlow and Keras before a worker's
first line runs (measured here, ``docs/decisions.md``): a cluster of three on two cores waits five
seconds for imports alone, and every cluster pays it again. A ``ForkServer`` pays it once per notebook:
a helper process imports the modules the workers need *and runs nothing* (no op, no device: TensorFlow's
runtime is not started), then forks one child per worker on request. Each child is a real process of
its own: its own session (process group), environment (its ``TF_CONFIG``), working directory, log file
and exit code; it then runs the entry point it was given (the launcher gives ``supervisor.main`` and the
task's spec: exactly what a new interpreter runs).

``gpukit.launch.supervisor.launch(..., preload=MODULES)`` uses one when ``usable()``: on Linux, without
GPU or TPU device files. Where those exist every worker is a new interpreter, as before: NVIDIA says CUDA
does not support ``fork()`` ("forked subprocesses exhibit undefined behavior", NVIDIA/cuda-python#1309),
and forking after TensorFlow loaded its GPU or TPU platform was not run here (no GPU, no TPU).
``GPUKIT_FORKSERVER=0`` turns it off. A server that cannot start (a preload that fails to import) is
reported once as a warning and the run goes on with new interpreters.

Protocol, one JSON object per line. The launcher writes ``{"main": "module:function", "args", "env", "log",
"cwd"}`` on the server's stdin; the server answers ``{"ready": pid}`` once, ``{"pid": N}`` for each fork and ``{"exit": N, "code": C}``
when it reaps a child (``C`` as ``Popen.returncode``: ``-S`` for signal ``S``). The server leaves when its
stdin closes (``stop()``, or the launcher died) and is killed with the launcher (``PR_SET_PDEATHSIG``); its
children are killed with it.
"""

from __future__ import annotations

import atexit
import glob
import json
import os
import queue
import select
import signal
import subprocess
import sys
import threading
import time
import warnings

# Environment entries that differ between the workers of one run or between runs; every other entry
# is the server's own (TensorFlow reads some at import, e.g. TF_CPP_MIN_LOG_LEVEL), so a change to
# one of those starts a new server.
# PYTEST_CURRENT_TEST: pytest sets it to the running test's name around every test phase, so under pytest a key
# holding it started a new server (a Python with TensorFlow imported: ~3.5 CPU s) for every test that starts a
# cluster (issue 37, measured: exercise 02's q2 blind answers).
PER_PROCESS = ("TF_CONFIG", "TMPDIR", "GPUKIT_PARENT_PID", "PYTEST_CURRENT_TEST")
ACCELERATOR_FILES = ("/dev/nvidia[0-9]*", "/dev/accel[0-9]*", "/dev/vfio/[0-9]*")
FALLBACK = "workers start as new interpreters (slower): {}"  # the warning when no server can fork them


def usable() -> bool:
    """True where workers may be forked from a server: Linux, no GPU or TPU device files, and
    ``GPUKIT_FORKSERVER`` not ``0``."""
    if os.environ.get("GPUKIT_FORKSERVER", "1") == "0" or not sys.platform.startswith("linux"):
        return False
    return not any(glob.glob(pattern) for pattern in ACCELERATOR_FILES)


class Forked:
    """A forked child, seen through the part of ``subprocess.Popen`` the launcher uses:
    ``pid``, ``returncode``, ``poll()``, ``wait(timeout)``, ``send_signal``, ``kill()``."""

    def __init__(self, server: ForkServer, pid: int):
        self.server, self.pid, self.returncode = server, pid, None
        self.args = ["gpukit.launch.forkserver", str(pid)]

    def poll(self):
        if self.returncode is None:
            self.returncode = self.server.exit_code(self.pid)
        return self.returncode

    def wait(self, timeout=None):
        deadline = None if timeout is None else time.monotonic() + timeout
        while self.poll() is None:
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                raise subprocess.TimeoutExpired(self.args, timeout)
            self.server.wait_for_exit(min(left, 0.5) if left is not None else 0.5)
        return self.returncode

    def send_signal(self, sig) -> None:
        if self.poll() is None:
            try:
                os.kill(self.pid, sig)
            except ProcessLookupError:
                pass

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)


class ForkServer:
    """A helper process that imported ``preload`` and forks workers (``spawn``) until ``stop()``."""

    def __init__(self, command: list, env: dict, cwd: str, preload, timeout: float):
        from .processes import pdeathsig_hook
        from .._scratch import temporary_folder

        self.key = _key(command, env, cwd, preload)
        self.folder = temporary_folder("gpukit-forkserver-")
        self.log = os.path.join(self.folder, "server.log")
        self._exits, self._replies, self._cond, self._gone = {}, queue.Queue(), threading.Condition(), False
        self._lock = threading.Lock()
        with open(self.log, "wb") as log:
            self.proc = subprocess.Popen(
                [*command, "-m", "gpukit.launch.forkserver", *preload], stdin=subprocess.PIPE,
                stdout=subprocess.PIPE, stderr=log, cwd=cwd,
                env={**{k: v for k, v in env.items() if k != "TF_CONFIG"}, "TMPDIR": self.folder},
                start_new_session=True, preexec_fn=pdeathsig_hook())
        self._reader = threading.Thread(target=self._read, daemon=True, name="gpukit-forkserver")
        self._reader.start()
        reply = self._reply(timeout)
        if not reply or "ready" not in reply:
            try:  # its replies ended (it is leaving) or the time is up
                code = self.proc.wait(timeout=10 if reply is None and self._gone else 0.01)
            except subprocess.TimeoutExpired:
                code = None
            why = (f"the fork server exited with code {code}" if code is not None
                   else f"the fork server did not start within {timeout:g} s")
            why = f"{why}: {_last_line(self.log)}"
            self.stop()
            raise RuntimeError(why)

    def _read(self) -> None:
        for line in self.proc.stdout:
            message = json.loads(line)
            if "exit" in message:
                with self._cond:
                    self._exits[message["exit"]] = message["code"]
                    self._cond.notify_all()
            else:
                if "pid" in message:  # a new child: an exit noted for an earlier child of the same pid is not its own
                    with self._cond:  # (a server that lives through a whole test run forks thousands: pids are reused)
                        self._exits.pop(message["pid"], None)
                self._replies.put(message)
        with self._cond:  # the server is gone: so are its children (PR_SET_PDEATHSIG)
            self._gone = True
            self._cond.notify_all()
        self._replies.put(None)

    def _reply(self, timeout: float):
        try:
            return self._replies.get(timeout=timeout)
        except queue.Empty:
            return None

    def alive(self) -> bool:
        return self.proc.poll() is None and not self._gone

    def spawn(self, main: str, args: list, env: dict, log: str, cwd: str, timeout: float = 30.0) -> Forked:
        """Fork a child that runs ``main`` (``"module:function"``) with ``args`` in ``cwd``, with ``env``
        as its whole environment and its output in ``log``."""
        request = {"main": main, "args": list(args), "env": env, "log": log, "cwd": cwd}
        with self._lock:
            try:
                self.proc.stdin.write((json.dumps(request) + "\n").encode())
                self.proc.stdin.flush()
                reply = self._reply(timeout)
            except OSError:  # it is gone (its pipe is closed)
                reply = None
            if not reply or "pid" not in reply:  # a late reply would answer the next request: stop it
                why = f"the fork server did not fork a worker within {timeout:g} s: {_last_line(self.log)}"
                self.stop()
                raise RuntimeError(why)
        return Forked(self, reply["pid"])

    def exit_code(self, pid: int):
        with self._cond:
            if pid in self._exits:
                return self._exits[pid]
            if self._gone:
                from .processes import alive

                return None if alive(pid) else -signal.SIGKILL
        return None

    def wait_for_exit(self, timeout: float) -> None:
        with self._cond:
            self._cond.wait(timeout)

    def stop(self, timeout: float = 10.0) -> None:
        """Close the server's stdin (it leaves), kill its group if it does not within ``timeout``."""
        from .processes import kill

        try:
            self.proc.stdin.close()
        except OSError:
            pass
        try:
            self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            pass
        kill(self.proc)
        self._reader.join(timeout=timeout)
        self.proc.stdout.close()
        from .._scratch import remove

        remove(self.folder)


_SERVER: ForkServer | None = None
_SERVER_LOCK = threading.Lock()


def _key(command, env, cwd, preload) -> tuple:
    return (tuple(command), cwd, tuple(preload),
            tuple(sorted((k, v) for k, v in env.items() if k not in PER_PROCESS)))


def server(command: list, env: dict, cwd: str, preload, timeout: float) -> ForkServer | None:
    """This process's fork server for ``command``/``env``/``cwd``/``preload``, started if needed
    (a server for other ones is stopped first); None, with a warning, if it cannot start."""
    global _SERVER
    with _SERVER_LOCK:
        key = _key(command, env, cwd, preload)
        if _SERVER is not None and (_SERVER.key != key or not _SERVER.alive()):
            _SERVER.stop()
            _SERVER = None
        if _SERVER is None:
            try:
                _SERVER = ForkServer(command, env, cwd, preload, timeout)
            except (RuntimeError, OSError) as err:
                warnings.warn(FALLBACK.format(err), RuntimeWarning, stacklevel=3)
                return None
        return _SERVER


@atexit.register
def stop() -> None:
    """Stop this process's fork server, if one runs (at exit, and for tests)."""
    global _SERVER
    with _SERVER_LOCK:
        if _SERVER is not None:
            _SERVER.stop()
            _SERVER = None


def _last_line(path: str) -> str:
    try:
        with open(path, errors="replace") as f:
            lines = [line.strip() for line in f if line.strip()]
    except OSError:
        lines = []
    return lines[-1] if lines else "(nothing in its log)"


# ----------------------------------------------------------------------------------------------
# The server: ``python -m gpukit.launch.forkserver MODULE...``
# ----------------------------------------------------------------------------------------------

def _become(request: dict, replies) -> None:
    """In a forked child: a session, stdio, folder and environment of its own."""
    import tempfile

    os.setsid()
    replies.close()
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.close(null)
    log = os.open(request["log"], os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    os.dup2(log, 1)
    os.dup2(log, 2)
    os.close(log)
    os.chdir(request["cwd"])
    os.environ.clear()
    os.environ.update(request["env"], GPUKIT_PARENT_PID=str(os.getppid()))
    tempfile.tempdir = None  # TMPDIR is read again (TensorFlow's autograph files go there)


def main(preload) -> None:
    """Import ``preload``, answer ``ready``, then fork a child per request and report its exit."""
    import importlib
    import traceback

    from .processes import die_with_parent

    die_with_parent()
    # Python 3.12+ warns at every fork of a process with threads; why this one may: docs/decisions.md
    warnings.filterwarnings("ignore", message=r".*use of fork\(\) may lead to deadlocks", category=DeprecationWarning)
    replies = os.fdopen(os.dup(1), "w", buffering=1)
    os.dup2(2, 1)  # whatever an import prints goes to the server's log, not into the replies
    for name in preload:
        importlib.import_module(name)

    def reply(message):
        replies.write(json.dumps(message) + "\n")

    reply({"ready": os.getpid()})
    pending = b""
    while True:
        readable, _, _ = select.select([0], [], [], 0.05)
        while True:  # reap every child that has exited
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                break
            if pid == 0:
                break
            reply({"exit": pid, "code": os.waitstatus_to_exitcode(status)})
        if not readable:
            continue
        chunk = os.read(0, 1 << 16)
        if not chunk:  # stdin closed: stop() or the launcher is gone
            break
        pending += chunk
        while b"\n" in pending:
            line, pending = pending.split(b"\n", 1)
            request = json.loads(line)
            module, _, function = request["main"].partition(":")
            entry = getattr(importlib.import_module(module), function)  # imported here once, not in each child
            sys.stdout.flush()
            sys.stderr.flush()
            pid = os.fork()
            if pid == 0:
                try:
                    _become(request, replies)
                    entry(*request["args"])  # supervisor.main leaves with os._exit
                except BaseException:  # noqa: BLE001 - a child never returns into the server's loop
                    traceback.print_exc()
                os._exit(1)
            reply({"pid": pid})
    os._exit(0)


if __name__ == "__main__":
    main(sys.argv[1:])
