"""Process control, the one place gpukit starts, watches and kills a child process by hand.

- ``kill`` (SIGKILL a child and its group, reap it, never wait forever), ``alive`` (is a pid
  running and not a zombie), ``pdeathsig_hook`` / ``die_with_parent`` (the kernel kills a child when
  its parent dies: ``PR_SET_PDEATHSIG``);
- ``child_env``: this process's environment for a child, with this gpukit checkout first on its path;
- ``ChildProbe``: a measurement run in a fresh Python process (``python -m gpukit.launch.probe``),
  because TensorFlow counts CPU allocations only when ``TF_CPU_ALLOCATOR_USE_BFC=true`` is set
  before it starts (lesson 04's memory probes, ``gpukit.accumulation`` and ``gpukit.recompute``);
- ``tool_output``: the output of a command-line tool (``nvidia-smi``), or ``None``.

Plain Python, no TensorFlow: the supervisor, the fork server and the techniques' probes use it.
Techniques never import ``subprocess`` themselves (tests/test_layout.py).
"""

from __future__ import annotations

import ctypes
import functools
import json
import os
import signal
import subprocess
import sys
import weakref

from ..runtime import ROOT


def kill(proc: subprocess.Popen, timeout: float = 10.0, group: bool = True) -> None:
    """SIGKILL ``proc`` and, with ``group=True`` (for children started with
    ``start_new_session=True``, as every gpukit child is), every process in its group, even
    when ``proc`` itself has already exited; then reap it, waiting at most ``timeout`` seconds.

    Killing the group by the leader's pid is safe after the leader exits: Linux does not hand
    out a pid that is still in use as a process-group id.
    """
    if group:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
    if proc.poll() is None:
        proc.kill()
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:  # pragma: no cover - SIGKILL is not ignored
        raise RuntimeError(f"process {proc.pid} did not die {timeout} s after SIGKILL") from None


def alive(pid: int) -> bool:
    """True if ``pid`` exists and is not a zombie (reads /proc, falls back to ``os.kill(pid, 0)``)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False
    except OSError:
        try:
            os.kill(pid, 0)
            return True
        except ProcessLookupError:
            return False


PR_SET_PDEATHSIG = 1


@functools.cache  # loaded once per process: a forked child must not dlopen (another thread may hold its lock)
def _libc():
    return ctypes.CDLL("libc.so.6", use_errno=True)


def pdeathsig_hook():
    """A function for ``preexec_fn`` (child, between fork and exec) that makes the kernel SIGKILL
    the child when the launcher dies. libc is loaded here, in the parent: ``dlopen`` after
    ``fork`` in a process with threads can deadlock."""
    try:
        prctl = _libc().prctl
    except OSError:  # pragma: no cover - not Linux
        return None
    return lambda: prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)


def die_with_parent() -> None:
    """Ask the kernel to SIGKILL us when the parent dies; exit now if it is already gone
    (``GPUKIT_PARENT_PID`` names the parent we were started by)."""
    hook = pdeathsig_hook()
    if hook is not None:  # not Linux: the parent's finally/atexit still cleans up
        hook()
    parent = os.environ.get("GPUKIT_PARENT_PID")
    if parent and os.getppid() != int(parent):  # the parent died before prctl ran
        os._exit(3)


# Defaults every child gets unless this process's environment or the caller sets them.
# GPU memory growth: several workers on one GPU each start by reserving almost all of its memory
# without it, and the second one fails with an out-of-memory error (no effect on CPU).
CHILD_DEFAULTS = {"TF_FORCE_GPU_ALLOW_GROWTH": "true"}


def child_env(**extra) -> dict:
    """This process's environment plus ``extra`` (over ``CHILD_DEFAULTS``), with the gpukit
    checkout first on ``PYTHONPATH`` so a child imports the same gpukit (the one place that
    injection is written)."""
    return {**CHILD_DEFAULTS, **os.environ, **extra,
            "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}


class ChildProbe:
    """A measurement that runs ``python -m gpukit.launch.probe PROGRAM ARGS`` in a fresh Python
    process, started at once.

    TensorFlow only tracks CPU allocations when ``TF_CPU_ALLOCATOR_USE_BFC=true`` is set
    *before* it starts, which a running notebook cannot do any more; so memory is measured in
    a child with that variable set (and this gpukit first on its path). ``program`` names one of
    ``gpukit.launch.probe.PROGRAMS``; it gets ``json.dumps(args)`` and prints one line
    ``PEAK<json>``. ``output()`` waits for it (at most ``timeout`` seconds, then kills it) and
    returns the parsed JSON; the child is also killed when the probe is garbage-collected or
    Python exits. Used by ``gpukit.accumulation.PeakMemoryProbe`` and ``gpukit.recompute.PeakProbe``.
    """

    def __init__(self, program: str, args, timeout: float):
        self.timeout = timeout
        self._proc = subprocess.Popen([sys.executable, "-m", "gpukit.launch.probe", program, json.dumps(args)],
                                      stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                      start_new_session=True, env=child_env(TF_CPU_ALLOCATOR_USE_BFC="true"))
        self._finalizer = weakref.finalize(self, kill, self._proc)
        self._output = None

    def output(self):
        """The child's ``PEAK`` JSON; ``RuntimeError`` if it failed or did not finish in time."""
        if self._output is None:
            try:
                out, err = self._proc.communicate(timeout=self.timeout)
            except subprocess.TimeoutExpired:
                kill(self._proc)
                raise RuntimeError(f"the memory probe did not finish in {self.timeout} s and was killed; "
                                   f"use smaller batches or a larger timeout") from None
            lines = [line for line in out.splitlines() if line.startswith("PEAK")]
            if self._proc.returncode or not lines:
                raise RuntimeError(f"the memory probe failed (exit {self._proc.returncode}): {err[-2000:]}")
            self._output = json.loads(lines[-1][4:])
        return self._output


def tool_output(command: list, timeout: float) -> str | None:
    """The standard output of ``command`` (a tool such as ``nvidia-smi``), or ``None`` if it is
    missing, fails or takes longer than ``timeout`` seconds."""
    try:
        return subprocess.run(command, capture_output=True, text=True, timeout=timeout, check=True,
                              stdin=subprocess.DEVNULL).stdout
    except (OSError, subprocess.SubprocessError):
        return None
