"""Grading untrusted notebooks: one bubblewrap sandbox and one set of resource caps per submission.

``gpukit.course.grading.grade`` runs every submission's ``otter run`` through ``command()``:

- **bubblewrap** (Debian's ``bubblewrap`` package, ``bwrap``) builds a fresh filesystem view: the
  system (``/usr``, ``/etc``), the Python installation and the virtual environment read-only, the
  ``gpukit`` package read-only (not the rest of the repository: ``solutions/`` holds the hidden
  tests), a private writable folder ``/grade`` holding only the submission and the autograder,
  a private ``/tmp``, a minimal ``/dev`` and a fresh ``/proc``. It has its own network namespace
  (only loopback, so the kernel still talks to otter; nothing outside is reachable), its own PID
  namespace (it sees and signals only its own processes), no capabilities, an empty environment
  apart from what grading needs, and it dies with its parent.
- **caps**: a memory cgroup (``memory.limit_in_bytes`` / ``memory.max``) and a pids cgroup
  (``pids.max``: processes *and threads*) per submission when the machine lets us create cgroups
  (root, or a delegated cgroup v2 subtree); else ``prlimit`` (RLIMIT_AS, RLIMIT_NPROC), the
  strongest limits an unprivileged process can set. ``Caps.over()`` reads the cgroup's counters
  afterwards, so a submission that hit a cap gets 0 with the reason even if it caught the error.

Where no sandbox can be made (no ``bwrap``, user namespaces disabled, not Linux) ``check()`` says
why and ``refusal()`` is the message ``grade`` raises: it names the choices (install bubblewrap,
otter's Docker grading, or ``--no-sandbox`` and what that risks).
"""

from __future__ import annotations

import dataclasses
import functools
import os
import pathlib
import shlex
import shutil
import subprocess
import sys

INSIDE = "/grade"  # the private writable folder, as the submission sees it
DEFAULT_MEMORY = 4 * 1024**3  # bytes per submission (a TF kernel grading exercise 01 peaks near 1 GiB)
# Under /etc (shared read-only), hidden from the sandbox: password hashes, host keys, sudo rules.
SECRETS = ("/etc/shadow", "/etc/shadow-", "/etc/gshadow", "/etc/gshadow-", "/etc/ssh", "/etc/sudoers",
           "/etc/sudoers.d", "/etc/ssl/private")
DEFAULT_PROCESSES = 512  # processes + threads per submission (TF starts dozens of threads)
# First on PYTHONPATH in every otter run, sandboxed or not (here and ``grading._otter``): it holds only a
# stand-in that keeps jsonschema from importing rfc3987_syntax (see grading_path/rfc3987_syntax.py).
GRADING_PATH = pathlib.Path(__file__).resolve().parent / "grading_path"
_UNITS = {"": 1, "K": 1024, "M": 1024**2, "G": 1024**3, "T": 1024**4}


def parse_size(text) -> int:
    """``"2G"``, ``"512M"``, ``"1.5g"`` or a number of bytes -> bytes (ValueError otherwise)."""
    if isinstance(text, bool):
        raise ValueError(f"memory={text!r} is not a size; pass bytes or a size like 2G or 512M")
    if isinstance(text, int):
        value = text
    else:
        s = str(text).strip().upper().removesuffix("B").removesuffix("I")
        unit = s[-1:] if s[-1:] in _UNITS and s[-1:] else ""
        try:
            value = int(float(s[: len(s) - len(unit)]) * _UNITS[unit])
        except ValueError:
            raise ValueError(f"memory={text!r} is not a size; pass bytes or a size like 2G or 512M") from None
    if value < 64 * 1024**2:
        raise ValueError(f"memory={text!r} is below 64 MiB: a Python kernel cannot start; pass e.g. 2G")
    return value


# --------------------------------------------------------------------------- can we sandbox?


@functools.lru_cache(maxsize=None)
def check() -> str | None:
    """None when a sandbox can be made here, else the reason it cannot (one sentence)."""
    if not sys.platform.startswith("linux"):
        return f"bubblewrap sandboxes need Linux (this is {sys.platform})"
    bwrap = shutil.which("bwrap")
    if bwrap is None:
        return "bubblewrap is not installed (`apt-get install bubblewrap` on Debian/Ubuntu, `dnf install bubblewrap` on Fedora)"
    probe = [bwrap, *_isolation(), "--ro-bind", "/", "/", "--proc", "/proc", "--dev", "/dev", "true"]
    try:
        result = subprocess.run(probe, capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired) as err:
        return f"bwrap could not run ({err})"
    if result.returncode != 0:
        last = (result.stderr.strip().splitlines() or ["no message"])[-1]
        return (f"bwrap cannot create namespaces here ({last}); user namespaces may be disabled "
                f"(sysctl kernel.unprivileged_userns_clone / user.max_user_namespaces) or this is a "
                f"container without them")
    return None


def refusal(reason: str) -> str:
    """The error ``grade`` raises when no sandbox can be made: the reason and the choices."""
    return (
        f"cannot grade in a sandbox: {reason}. Every submission runs learner code, which could "
        f"overwrite other submissions or the grades, read your files and the hidden tests, use the "
        f"network or exhaust memory. Choose one: (1) install bubblewrap and run again; (2) grade "
        f"with otter's Docker containers (`otter grade -p SUBMISSIONS -a build/autograder/NN_name.zip`, "
        f"needs Docker); (3) pass --no-sandbox (grade(..., sandbox=False)) to run learner code as "
        f"your own user, with your files and network in reach (the originals are still snapshotted "
        f"and restored) - only for submissions you trust."
    )


def _isolation() -> list[str]:
    return ["--unshare-ipc", "--unshare-pid", "--unshare-net", "--unshare-uts", "--unshare-cgroup-try",
            "--die-with-parent", "--new-session", "--cap-drop", "ALL"]


# --------------------------------------------------------------------------- the command line


def readonly_paths() -> list[str]:
    """What the sandbox sees read-only: the system, Python, the venv, the gpukit package."""
    import gpukit

    paths = ["/usr", "/etc", "/bin", "/sbin", "/lib", "/lib64", "/lib32", "/opt/conda"]
    for p in (sys.prefix, sys.base_prefix, sys.exec_prefix,
              os.path.dirname(os.path.dirname(os.path.realpath(sys.executable)))):
        paths.append(os.path.realpath(p))
        paths.append(p)
    paths.append(str(pathlib.Path(gpukit.__file__).resolve().parent))
    seen, out = set(), []
    for p in paths:
        if p not in seen and os.path.exists(p) and p not in ("/", ""):
            seen.add(p)
            out.append(p)
    return out


def environment(token: str) -> dict:
    """The sandbox's whole environment (nothing else of the grader's is passed: no tokens, keys)."""
    import gpukit

    home = INSIDE
    env = {
        "PATH": f"{os.path.dirname(sys.executable)}:/usr/local/bin:/usr/bin:/bin",
        "HOME": home, "TMPDIR": "/tmp", "LANG": os.environ.get("LANG", "C.UTF-8"),
        "PYTHONPATH": os.pathsep.join([str(GRADING_PATH), str(pathlib.Path(gpukit.__file__).resolve().parents[1])]),
        "PYTHONUNBUFFERED": "1", "PYTHONDONTWRITEBYTECODE": "1",
        "JUPYTER_RUNTIME_DIR": f"{home}/.jupyter-runtime", "JUPYTER_CONFIG_DIR": f"{home}/.jupyter",
        "IPYTHONDIR": f"{home}/.ipython", "MPLCONFIGDIR": f"{home}/.matplotlib",
        "XDG_CACHE_HOME": f"{home}/.cache", "XDG_CONFIG_HOME": f"{home}/.config",
        "KERAS_HOME": f"{home}/.keras", "TF_CPP_MIN_LOG_LEVEL": os.environ.get("TF_CPP_MIN_LOG_LEVEL", "2"),
        "GPUKIT_GRADE_TOKEN": token, "GPUKIT_SANDBOX": "1",
    }
    if "VIRTUAL_ENV" in os.environ or sys.prefix != sys.base_prefix:
        env["VIRTUAL_ENV"] = sys.prefix
    return env


def command(work, argv: list[str], token: str) -> list[str]:
    """``bwrap ... ARGV``: run ``argv`` with ``work`` (a host folder) as the only writable folder,
    seen inside as ``/grade`` (also the working directory and HOME)."""
    cmd = [shutil.which("bwrap") or "bwrap", *_isolation(), "--clearenv"]
    for key, value in environment(token).items():
        cmd += ["--setenv", key, value]
    for path in readonly_paths():
        cmd += ["--ro-bind", path, path]
    for secret in SECRETS:  # /etc is shared read-only: hide what a root sandbox could still read
        if os.path.isdir(secret):
            cmd += ["--tmpfs", secret]
        elif os.path.exists(secret):
            cmd += ["--ro-bind", "/dev/null", secret]
    cmd += ["--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp"]
    for path in readonly_paths():  # a checkout or venv under /tmp would vanish under the private /tmp
        if pathlib.Path(path).resolve().is_relative_to("/tmp"):
            cmd += ["--ro-bind", path, path]
    cmd += ["--bind", str(pathlib.Path(work).resolve()), INSIDE, "--chdir", INSIDE, "--", *argv]
    return cmd


# --------------------------------------------------------------------------- resource caps


@dataclasses.dataclass
class Limits:
    """Caps for one submission: memory in bytes, processes + threads."""

    memory: int = DEFAULT_MEMORY
    processes: int = DEFAULT_PROCESSES

    def __post_init__(self):
        self.memory = parse_size(self.memory)
        if isinstance(self.processes, bool) or not isinstance(self.processes, int) or self.processes < 32:
            raise ValueError(f"processes={self.processes!r} must be an int >= 32 (a Jupyter kernel with "
                             f"TensorFlow runs dozens of threads); default {DEFAULT_PROCESSES}")


def _own_cgroup(controller: str) -> pathlib.Path | None:
    """This process's cgroup v1 folder for ``controller`` (or the v2 folder for ``""``)."""
    try:
        lines = pathlib.Path("/proc/self/cgroup").read_text().splitlines()
    except OSError:
        return None
    for line in lines:
        _, names, path = line.split(":", 2)
        if (controller and controller in names.split(",")) or (not controller and names == ""):
            base = pathlib.Path("/sys/fs/cgroup") / (controller or "")
            if not controller and not (base / "cgroup.controllers").exists():
                base = pathlib.Path("/sys/fs/cgroup/unified")
            folder = base / path.lstrip("/")
            return folder if folder.is_dir() else None
    return None


def _writable(folder: pathlib.Path | None) -> bool:
    return folder is not None and os.access(folder, os.W_OK)


@functools.lru_cache(maxsize=None)
def cgroup_mode() -> str | None:
    """``"v2"``, ``"v1"`` or None: how caps are enforced here (None: prlimit only)."""
    v2 = _own_cgroup("")
    if _writable(v2):
        try:
            controllers = (v2 / "cgroup.controllers").read_text().split()
        except OSError:
            controllers = []
        if {"memory", "pids"} <= set(controllers):
            return "v2"
    if _writable(_own_cgroup("memory")) and _writable(_own_cgroup("pids")):
        return "v1"
    return None


class Caps:
    """The caps of one submission: ``prefix`` goes in front of its command; ``over()`` says which
    cap it hit; ``close()`` kills what is left in its cgroups and removes them."""

    def __init__(self, limits: Limits, name: str):
        self.limits, self.mode, self.folders = limits, cgroup_mode(), []
        if self.mode == "v2":
            parent = _own_cgroup("")
            folder = parent / f"gpukit-{name}"
            folder.mkdir()
            self.folders = [folder]
            (folder / "memory.max").write_text(str(limits.memory))
            (folder / "memory.swap.max").write_text("0") if (folder / "memory.swap.max").exists() else None
            (folder / "pids.max").write_text(str(limits.processes))
        elif self.mode == "v1":
            mem = _own_cgroup("memory") / f"gpukit-{name}"
            pids = _own_cgroup("pids") / f"gpukit-{name}"
            mem.mkdir()
            pids.mkdir()
            self.folders = [mem, pids]
            (mem / "memory.limit_in_bytes").write_text(str(limits.memory))
            if (mem / "memory.memsw.limit_in_bytes").exists():
                try:
                    (mem / "memory.memsw.limit_in_bytes").write_text(str(limits.memory))
                except OSError:
                    pass
            (pids / "pids.max").write_text(str(limits.processes))

    @property
    def prefix(self) -> list[str]:
        """A command prefix that enters the cgroups (before anything forks), or applies prlimit."""
        if self.folders:
            joins = " && ".join(f"echo $$ > {shlex.quote(str(f / 'cgroup.procs'))}" for f in self.folders)
            return ["/bin/sh", "-c", f'{joins} && exec "$@"', "gpukit-caps"]
        return [shutil.which("prlimit") or "prlimit", f"--as={self.limits.memory}",
                f"--nproc={self.limits.processes}", "--"]

    def _read(self, name: str) -> dict:
        for folder in self.folders:
            path = folder / name
            if path.exists():
                try:
                    return dict(line.split() for line in path.read_text().splitlines() if len(line.split()) == 2)
                except OSError:
                    return {}
        return {}

    def peak_memory(self) -> int | None:
        for folder in self.folders:
            for name in ("memory.max_usage_in_bytes", "memory.peak"):
                if (folder / name).exists():
                    return int((folder / name).read_text().split()[0])
        return None

    def over(self) -> str | None:
        """Which cap(s) the submission hit (one sentence each, joined by "; "), or None."""
        mib = self.limits.memory / 1024**2
        if self.mode == "v2":
            oom = int(self._read("memory.events").get("oom_kill", 0))
        elif self.mode == "v1":
            oom = int(self._read("memory.oom_control").get("oom_kill", 0))
        else:
            oom = 0
        refused = int(self._read("pids.events").get("max", 0)) if self.folders else 0
        reasons = []
        if refused:
            reasons.append(f"over its process cap ({self.limits.processes} processes and threads): {refused} "
                           f"fork(s) refused (raise the cap with --max-processes if the exercise needs more)")
        if oom:
            reasons.append(f"over its memory cap ({mib:g} MiB): the kernel killed a process of this submission "
                           f"(raise the cap with --memory if the exercise needs more)")
        return "; ".join(reasons) or None

    def kill(self, wait: float = 15.0) -> None:
        """SIGKILL every process still in the cgroups (detached children included) until they
        are empty, for at most ``wait`` seconds (hundreds of forks take a while on a busy machine)."""
        import signal
        import time

        deadline = time.monotonic() + wait
        for folder in self.folders:
            while time.monotonic() < deadline:
                try:
                    pids = [int(p) for p in (folder / "cgroup.procs").read_text().split()]
                except OSError:
                    break
                if not pids:
                    break
                for pid in pids:
                    try:
                        os.kill(pid, signal.SIGKILL)
                    except (ProcessLookupError, PermissionError):
                        pass
                time.sleep(0.05)

    def close(self, wait: float = 15.0) -> None:
        """Kill what is left and remove the cgroups (an emptied cgroup can take a moment to go)."""
        import time

        self.kill(wait)
        deadline = time.monotonic() + wait
        for folder in self.folders:
            while True:
                try:
                    folder.rmdir()
                    break
                except FileNotFoundError:
                    break
                except OSError:  # exiting processes still counted
                    if time.monotonic() > deadline:
                        break
                    time.sleep(0.05)
        self.folders = []


# --------------------------------------------------------------------------- originals never change


def sha256(path) -> str:
    import hashlib

    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


class Snapshot:
    """A private copy + SHA-256 of every submission, taken before grading.

    Grading reads only the copies (``copy(path)``); ``verify()`` compares each original with its
    hash, restores every changed or deleted original from the copy and returns their names. The
    copies live in a fresh folder only the grader's user can open (mode 0700), outside the
    submissions folder; no sandbox mounts it."""

    def __init__(self, paths):
        from .._scratch import temporary_folder

        self.folder = pathlib.Path(temporary_folder("gpukit-snapshot-"))  # gone at exit, even if killed
        os.chmod(self.folder, 0o700)
        self.originals = {}  # name -> (original path, copy path or None, sha256 or None)
        for path in paths:
            path = pathlib.Path(path)
            target = self.folder / path.name
            try:
                shutil.copyfile(path, target)
                self.originals[path.name] = (path, target, sha256(target))
            except OSError:  # unreadable: grading reports it on the row; nothing to protect
                self.originals[path.name] = (path, None, None)

    def copy(self, path) -> pathlib.Path:
        """The snapshot copy to grade in place of ``path`` (the original when it could not be read)."""
        original, copy, _ = self.originals[pathlib.Path(path).name]
        return copy or original

    def verify(self) -> list[str]:
        """Names of originals that changed (content, deleted, replaced); each is restored."""
        changed = []
        for name, (original, copy, digest) in self.originals.items():
            if copy is None:
                continue
            try:
                same = original.is_file() and not original.is_symlink() and sha256(original) == digest
            except OSError:
                same = False
            if same:
                continue
            changed.append(name)
            try:
                if original.is_symlink() or original.is_file():
                    original.unlink()
                elif original.is_dir():
                    shutil.rmtree(original)
                shutil.copyfile(copy, original)
            except OSError:  # reported on the row anyway; the snapshot stays for a manual restore
                pass
        return changed

    def close(self) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)
