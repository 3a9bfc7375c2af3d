"""Temporary folders that do not outlive the Python process that made them (machinery).

``tempfile.mkdtemp`` leaves its folder behind, and ``tempfile.TemporaryDirectory`` removes its
own only at a clean exit: a Jupyter kernel that is restarted or shut down by nbval, a grader or
a crash is killed (SIGKILL), and atexit never runs. So every folder ``temporary_folder`` makes

* is removed when its Python process exits normally (atexit), and
* carries a small ``.gpukit-owner`` file (pid and process start time): the next
  ``temporary_folder`` call on the machine, from any process, removes folders whose owner is gone.

``keep=True`` makes an ordinary folder (no owner file): it stays, and the caller says where.
Used by the launcher's run folders, the memory and profiling lessons, the capstone's
checkpoints and the grading sandbox; ``gpukit.temporary_folder`` is the same function.
"""

from __future__ import annotations

import atexit
import json
import os
import shutil
import tempfile

OWNER_FILE = ".gpukit-owner"
_OWNED: list[tuple[str, int]] = []  # (folder, pid that made it): a forked child removes nothing


def _proc_stat(pid: int):
    """(state, start time in clock ticks) from /proc, or None where there is no /proc."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return fields[0], int(fields[19])
    except (OSError, ValueError, IndexError):
        return None


def _owner_alive(owner: dict) -> bool:
    pid = owner.get("pid")
    if not isinstance(pid, int) or pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process: alive
        return True
    stat = _proc_stat(pid)
    if stat is None:
        return True
    state, start = stat
    return state != "Z" and (owner.get("start") is None or owner["start"] == start)  # not a reused pid


def sweep(root=None) -> list[str]:
    """Remove the folders under ``root`` (default: the temporary directory) that
    ``temporary_folder`` made for a process that no longer runs; return their paths."""
    root = root or tempfile.gettempdir()
    removed = []
    try:
        entries = list(os.scandir(root))
    except OSError:
        return removed
    for entry in entries:
        try:
            with open(os.path.join(entry.path, OWNER_FILE)) as f:
                owner = json.load(f)
        except (OSError, ValueError):
            continue
        if isinstance(owner, dict) and not _owner_alive(owner):
            shutil.rmtree(entry.path, ignore_errors=True)
            removed.append(entry.path)
    return removed


def temporary_folder(prefix: str = "gpukit-", keep: bool = False) -> str:
    """A new folder under the temporary directory (``TMPDIR``), removed when this Python process
    exits, or by the next call anywhere once this process is gone (killed kernels too).
    ``keep=True``: an ordinary folder that stays (say where it is)."""
    if not isinstance(prefix, str) or os.sep in prefix:
        raise ValueError(f"prefix={prefix!r} must be a folder-name prefix without {os.sep!r}, e.g. 'gpukit-run-'")
    sweep()
    path = tempfile.mkdtemp(prefix=prefix)
    if not keep:
        stat = _proc_stat(os.getpid())
        with open(os.path.join(path, OWNER_FILE), "w") as f:
            json.dump({"pid": os.getpid(), "start": stat[1] if stat else None}, f)
        _OWNED.append((path, os.getpid()))
    return path


def remove(path) -> None:
    """Remove a folder ``temporary_folder`` made, now."""
    shutil.rmtree(path, ignore_errors=True)
    _OWNED[:] = [(p, pid) for p, pid in _OWNED if p != str(path)]


@atexit.register
def _remove_owned() -> None:
    for path, pid in _OWNED:
        if pid == os.getpid():
            shutil.rmtree(path, ignore_errors=True)
    _OWNED.clear()


__all__ = ["temporary_folder", "sweep", "remove", "OWNER_FILE"]
