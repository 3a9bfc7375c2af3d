"""Small helpers every gpukit module shares: checking whole-number and positive arguments; killing a
child process (with everything it started) without ever waiting forever, telling whether a process is
alive, and making a child die with its parent (``PR_SET_PDEATHSIG``).

Not part of a lesson; kept free of TensorFlow so ``gpukit.cluster`` and ``gpukit.course.grading``
can use it without loading TF.
"""

from __future__ import annotations

import ctypes
import functools
import math
import numbers
import os
import signal
import subprocess


def whole(name: str, value, minimum: int = 1, what: str = "") -> int:
    """``value`` as an int, or ``ValueError`` naming the argument and the smallest allowed value.

    ``bool`` is refused (``True`` is an int to Python, never a batch size to a learner).
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < minimum:
        kind = "a positive int" if minimum == 1 else f"an int >= {minimum}"
        raise ValueError(f"{name}={value!r} must be {kind}{f' ({what})' if what else ''}")
    return int(value)


def positive(name: str, value, allow_zero: bool = False, hint: str = "") -> float:
    """``value`` as a float, or ``ValueError`` naming the argument: a finite real number > 0 (>= 0 with
    ``allow_zero``); ``hint`` (what a good value is) ends the message. ``bool`` is refused."""
    if (isinstance(value, bool) or not isinstance(value, numbers.Real) or not math.isfinite(value)
            or value < 0 or (value == 0 and not allow_zero)):
        raise ValueError(f"{name}={value!r} must be a number {'>=' if allow_zero else '>'} 0{f': {hint}' if hint else ''}")
    return float(value)


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
