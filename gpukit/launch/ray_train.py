"""Lesson 02's worker program, unchanged, on Ray Train (for engineers who outgrow one machine).

``run_on_ray(target, num_workers)`` runs ``target(ctx, **kwargs)`` -- the same function
``gpukit.cluster.run`` runs, e.g. ``cluster.train_mwms`` -- in the workers of Ray Train's
``TensorflowTrainer``. Ray starts the worker processes and writes each one's TF_CONFIG for
MultiWorkerMirroredStrategy; failures are Ray's business too (``max_failures``: Ray restarts the
whole worker group, which resumes from the chief's last checkpoint). docs/cluster.md says what
changes on a real Ray cluster.

Without ``address`` the cluster is local and loopback only: Ray otherwise writes the machine's network
address into TF_CONFIG (docs/decisions.md), so ``run_on_ray`` sets ``RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER=0``
before Ray starts, calls ``ray.init(_node_ip_address="127.0.0.1")`` and every worker checks its
TF_CONFIG holds 127.0.0.1 addresses only, before TensorFlow starts. That Ray cluster is stopped
(``ray.shutdown``, then whatever of its processes is left) on return, on error and on timeout.

With ``address`` (``HOST:PORT`` of a running Ray head, or ``auto``) it joins that
cluster instead (``ray.init(address=...)``) and leaves it running: at the end it only disconnects.
The address is checked (``check_address``) and its port probed with a short TCP connect before Ray is
imported: ``ray.init`` against an address where nothing listens retries for minutes.

Ray is an optional extra: ``pip install "gpukit[ray]"``. This module imports neither Ray nor
TensorFlow until ``run_on_ray`` is called.
"""

from __future__ import annotations

import _thread
import dataclasses
import importlib
import json
import math
import os
import re
import shutil
import signal
import socket
import sys
import threading
import time

from .._args import whole
from .._scratch import temporary_folder
from .supervisor import ClusterError, Fault
from .tfconfig import HOST, WorkerContext

INSTALL = 'pip install "gpukit[ray]"'
PROBE_TIMEOUT_S = 5.0  # the TCP connect to a joined cluster's port, before ray.init
ADDRESS_FIX = ("give HOST:PORT of a running Ray head (`ray start --head` prints it) or auto, or omit it to start "
               "a local Ray")
ABORT_GRACE_S = 60.0  # after a timeout, how long Ray Train's abort may take before SystemExit
REPORT_GRACE_S = 5.0  # > 2 x Ray Train's health-check interval (RAY_TRAIN_HEALTH_CHECK_INTERVAL_S, 2 s)
OWNER_VARIABLE = "GPUKIT_RAY_OWNER"  # the pid of the run_on_ray that started a local Ray: see ray_processes


def require_ray():
    """Import Ray Train, or ``RuntimeError`` naming the extra to install."""
    try:
        import ray
        import ray.train
        import ray.train.tensorflow  # noqa: F401
    except ImportError as e:
        raise RuntimeError(f"Ray Train is not installed ({e}); run {INSTALL} "
                           f"(it installs ray[train], the version the course is tested with)") from None
    return ray


@dataclasses.dataclass
class RayResult:
    """What ``run_on_ray`` returns. ``results[name]`` is what ``target`` returned in that worker
    (``"worker 0"``, ...) in the attempt that finished."""

    results: dict
    events: dict  # worker name -> [event dicts], every attempt, each with "attempt"
    started: float  # before ray.init
    ray_ready: float  # ray.init returned
    finished: float  # trainer.fit returned
    attempts: int  # 1 + the restarts Ray made
    tf_configs: dict  # worker name -> TF_CONFIG dict Ray set (last attempt)
    fault_time: float | None = None

    @property
    def ray_init_seconds(self) -> float:
        return self.ray_ready - self.started

    @property
    def fit_seconds(self) -> float:
        """From ray.init's return to the end of ``trainer.fit`` (every attempt)."""
        return self.finished - self.ray_ready

    def first_step_seconds(self, task: str = "worker 0") -> float:
        """Seconds from launch (before ``ray.init``) to the end of ``task``'s first step."""
        steps = [e for e in self.events.get(task, []) if e["event"] == "step_end"]
        if not steps:
            raise ValueError(f"{task} reported no step_end event")
        return steps[0]["t"] - self.started

    def recovery_seconds(self, task: str = "worker 0") -> float:
        """Seconds from the fault to ``task``'s first step in the next attempt."""
        if self.fault_time is None:
            raise ValueError("no fault was injected in this run")
        later = [e for e in self.events.get(task, []) if e["event"] == "step_end" and e["t"] > self.fault_time]
        if not later:
            raise ValueError(f"{task} made no step after the fault")
        return later[0]["t"] - self.fault_time


class _Collector:
    """A small Ray actor in the driver's cluster: the workers send it their events and results
    (works on a real Ray cluster too, where the workers share no file system with the driver)."""

    def __init__(self, fault):
        self.events, self.results, self.configs = {}, {}, {}
        self.fault, self.fault_time, self.attempts = fault, None, {}

    def start(self, name, config):
        self.attempts[name] = self.attempts.get(name, 0) + 1
        self.configs[name] = config
        return self.attempts[name]

    def event(self, name, event):
        self.events.setdefault(name, []).append(event)

    def claim_fault(self, name):
        """True exactly once: the worker that asks first with the fault's task name dies."""
        if self.fault is None or self.fault_time is not None or name != self.fault["task"]:
            return False
        self.fault_time = time.time()
        return True

    def result(self, name, value):
        self.results[name] = value

    def summary(self):
        return {"events": self.events, "results": self.results, "configs": self.configs,
                "fault_time": self.fault_time, "attempts": max(self.attempts.values(), default=0)}


class RayWorkerContext(WorkerContext):
    """``cluster.WorkerContext`` inside a Ray Train worker: events go to the driver's collector;
    at ``epoch_end`` every worker calls ``ray.train.report`` (a collective) and the chief hands
    Ray its checkpoint folder, which Ray copies to the run's storage."""

    collector = None
    fault = None
    checkpoint_dir = None
    attempt = 1

    def report(self, event: str, **fields) -> None:
        import ray
        import ray.train

        record = {"event": event, "t": time.time(), "attempt": self.attempt, **fields}
        self.collector.event.remote(self.name, record)
        fault = Fault(**self.fault) if self.fault is not None else None  # a dict: what Ray hands its workers
        if (fault is not None and self.name == fault.task and fault.fires_at(record)
                and ray.get(self.collector.claim_fault.remote(self.name))):
            # Ray's controller collects reported checkpoints when it polls the workers (every 2 s by
            # default): a crash right after a report would lose the chief's checkpoint; wait it out
            time.sleep(REPORT_GRACE_S)
            os.kill(os.getpid(), signal.SIGKILL)  # a crashed machine: no exception, no goodbye
        if event == "epoch_end":
            metrics = {"epoch": fields["epoch"] + 1, "loss": fields.get("loss", float("nan"))}
            checkpoint = None
            if self.is_chief and self.checkpoint_dir and os.path.isdir(self.checkpoint_dir):
                checkpoint = ray.train.Checkpoint.from_directory(self.checkpoint_dir)
            ray.train.report(metrics, checkpoint=checkpoint)


def _resolve(target):
    if isinstance(target, str):
        module, _, name = target.partition(":")
        obj = importlib.import_module(module)
        for part in name.split("."):
            obj = getattr(obj, part)
        return obj
    return target


def check_loopback(config: dict) -> None:
    """``RuntimeError`` unless every address in the TF_CONFIG ``config`` is on 127.0.0.1."""
    addresses = [a for role in config["cluster"].values() for a in role]
    outside = [a for a in addresses if a.rsplit(":", 1)[0] != HOST]
    if outside:
        raise RuntimeError(
            f"Ray wrote TF_CONFIG addresses outside 127.0.0.1: {outside}. The local cluster must stay on "
            f"loopback: set RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER=0 before Ray starts and call "
            f"ray.init(_node_ip_address='127.0.0.1') (run_on_ray does both; was Ray already running?)")


class RayAddressError(RuntimeError):
    """A Ray address that is malformed (also a ``ValueError``) or where no Ray answers."""


class RayAddressFormatError(RayAddressError, ValueError):
    """A Ray address refused by ``check_address`` before anything is contacted."""


_HOSTNAME = re.compile(r"^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}"
                       r"[A-Za-z0-9])?)*$")


def check_address(address: str, flag: str = "--ray") -> tuple[str, str, int]:
    """``(connect, host, port)`` for a Ray cluster address, or ``RayAddressFormatError`` naming the cause
    and the fix. ``connect`` is what ``ray.init(address=...)`` gets: ``HOST:PORT`` or ``auto``; for
    ``auto``, ``host`` and ``port`` are the address Ray will pick (RAY_ADDRESS, else the file ``ray start``
    writes), read here without importing Ray. Nothing is contacted (``probe_address`` does that)."""
    def bad(why):
        return RayAddressFormatError(f"{flag} {address!r}: {why}; {ADDRESS_FIX}")

    if not isinstance(address, str) or not address.strip():
        raise bad("not an address")
    given = address.strip()
    if given == "auto":
        # ray.init gets "auto" itself and resolves it as always; read here for the probe and the loopback choice
        found = os.environ.get("RAY_ADDRESS", "").strip()
        where = "RAY_ADDRESS"
        if not found:
            where = os.path.join(_ray_temp_dir(), "ray_current_cluster")
            try:
                with open(where) as f:
                    found = f.read().strip()
            except OSError:
                raise RayAddressFormatError(
                    f"{flag} auto: no running Ray cluster found (RAY_ADDRESS is not set and {where} does not exist, "
                    f"which `ray start --head` writes on this machine); {ADDRESS_FIX}") from None
        if found == "auto":
            raise bad(f"{where} says 'auto' too")
        try:
            return ("auto", *check_address(found, flag)[1:])
        except RayAddressFormatError as e:
            raise RayAddressFormatError(f"{flag} auto found {found!r} in {where}: {e}") from None
    if given == "local":
        raise RayAddressFormatError(f"{flag} 'local': to start a local Ray, omit the address (`--ray` alone); "
                                    f"to join a running one, give HOST:PORT of its head (`ray start --head` prints it)")
    scheme, sep, rest = given.rpartition("://")
    if scheme == "ray":
        raise RayAddressFormatError(
            f"{flag} {address!r}: Ray Client addresses (ray://) are not supported (tried: Ray's client server "
            f"failed to start the session on Ray 2.60); run the launch on a machine of the cluster and give the "
            f"head's HOST:PORT (its GCS port, 6379 by default, as `ray start --head` prints it)")
    if sep:
        raise bad(f"{scheme}:// is not a Ray cluster address (http://HOST:8265 is the dashboard)")
    if "/" in rest or not rest:
        raise bad("not an address")
    host, colon, port = rest.rpartition(":")
    if not colon:
        raise bad("not an address (no :PORT)")
    if host.startswith("[") and host.endswith("]"):
        ok = ":" in host
        host = host[1:-1]
    else:
        ok = _HOSTNAME.match(host) is not None
    if not ok:
        raise bad(f"{host!r} is not a host name or IP address")
    if not port.isdigit() or not 1 <= int(port) <= 65535:
        raise bad(f"port {port!r} is not a number from 1 to 65535")
    return rest, host, int(port)


def is_loopback_host(host: str) -> bool:
    return host == "localhost" or host == "::1" or re.match(r"^127(\.\d{1,3}){3}$", host) is not None


def probe_address(address: str, host: str, port: int, timeout: float = PROBE_TIMEOUT_S, flag: str = "--ray") -> None:
    """A TCP connect to ``host:port`` within ``timeout`` s, else ``RayAddressError`` (``ray.init`` itself
    retries for minutes against an address where nothing listens)."""
    start = f"`ray start --head --port={port}`"
    try:
        with socket.create_connection((host, port), timeout=timeout):
            pass
    except OSError as e:
        why = "no answer within {:g} s".format(timeout) if isinstance(e, socket.timeout) else (e.strerror or str(e))
        raise RayAddressError(
            f"{flag} {address!r}: nothing answers at {host}:{port} ({why}): no Ray head is running there. Start one "
            f"on that machine with {start} and pass the address it prints, or omit the "
            f"address to start a local Ray") from None


def _train_loop(config: dict) -> None:
    """Ray Train's ``train_loop_per_worker``: build the context, restore Ray's latest checkpoint
    into a local folder, call ``target(ctx, **kwargs)``, send its return value to the driver."""
    import ray.train

    # Ray's TensorFlow backend sets TF_USE_LEGACY_KERAS=1 (tf.keras -> Keras 2); the course uses Keras 3
    os.environ.pop("TF_USE_LEGACY_KERAS", None)
    from .. import keras_multiworker

    keras_multiworker.install_on_import()  # Keras 3 fit under MWMS, fixed (as python -m gpukit launch does)
    tf_config = json.loads(os.environ["TF_CONFIG"])  # set by Ray before this function runs
    if config["loopback"]:
        check_loopback(tf_config)
    rank = ray.train.get_context().get_world_rank()
    name = f"worker {rank}"
    collector = config["collector"]
    attempt = ray.get(collector.start.remote(name, tf_config))
    workdir = temporary_folder(f"gpukit-ray-{name.replace(' ', '-')}-")
    ctx = RayWorkerContext(name=name, run_dir=workdir, workdir=workdir, task_type="worker", task_index=rank,
                           tf_config=tf_config)
    ctx.collector, ctx.fault, ctx.attempt = collector, config["fault"], attempt
    kwargs = dict(config["kwargs"])
    try:
        if config["checkpoint"]:
            ctx.checkpoint_dir = kwargs["checkpoint_dir"] = os.path.join(workdir, "ckpt")
            restored = ray.train.get_checkpoint()  # the chief's latest, copied by Ray (None at first)
            if restored is not None:
                with restored.as_directory() as folder:
                    shutil.copytree(folder, ctx.checkpoint_dir)
        ctx.report("ready", pid=os.getpid())
        value = _resolve(config["target"])(ctx, **kwargs)
        ray.get(collector.result.remote(name, value))
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


def run_script(ctx, script: str, argv: list, cwd: str) -> None:
    """A ``run_on_ray`` target: ``python script argv...`` inside this Ray Train worker, as ``__main__``,
    in ``cwd`` (what ``python -m gpukit launch --ray`` runs). Ray has set TF_CONFIG; ``_train_loop``
    has put the Keras multi-worker fix in place. A ``sys.exit(code)`` other than 0 fails the worker."""
    import runpy

    for path, what in ((script, "the script"), (cwd, "the launch's working folder")):
        if not os.path.exists(path):
            raise RuntimeError(f"{what} {path} is not on this Ray node ({socket.gethostname()}): on a Ray cluster "
                               f"of several machines every node must see the script and its folder at the same "
                               f"path (a shared file system, as with SLURM), or run on one machine")
    saved_argv, saved_path, saved_cwd = sys.argv[:], sys.path[:], os.getcwd()
    sys.argv, sys.path[:0] = [script, *argv], [os.path.dirname(script)]
    os.chdir(cwd)
    try:
        runpy.run_path(script, run_name="__main__")
    except SystemExit as e:
        if e.code not in (None, 0):
            raise RuntimeError(f"{script} exited with {e.code}") from None
    finally:
        sys.argv, sys.path[:] = saved_argv, saved_path
        os.chdir(saved_cwd)


def _runtime_env() -> dict:
    """The workers' environment: quiet TensorFlow, this gpukit importable (the same path on every node)."""
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    return {"env_vars": {"TF_CPP_MIN_LOG_LEVEL": "2", "TF_ENABLE_ONEDNN_OPTS": "0",
                         "PYTHONPATH": os.pathsep.join(filter(None, [root, os.environ.get("PYTHONPATH")]))}}


def _join_ray(ray, address: str, connect: str, host: str, port: int, stream: bool, flag: str = "address") -> None:
    """``ray.init(address=...)`` of a running cluster (no num_cpus, no node address: the cluster's own),
    with an error naming the fix when Ray refuses (no token for a cluster with token authentication,
    not a Ray GCS port)."""
    try:
        ray.init(address=connect, log_to_driver=stream, configure_logging=True, logging_level="ERROR",
                 runtime_env=_runtime_env())
    except ConnectionError as e:
        causes, cause = [], e.__cause__
        while cause is not None and len(causes) < 5:
            causes.append(cause)
            cause = cause.__cause__ or cause.__context__
        text = " ".join(str(c) for c in causes)
        where = connect if connect != "auto" else f"{host}:{port} (auto)"
        if "InvalidAuthToken" in text or "AuthenticationError" in " ".join(type(c).__name__ for c in causes):
            raise RayAddressError(
                f"{flag} {address!r}: the Ray cluster at {where} uses token authentication (Ray {ray.__version__}'s "
                f"`ray start --head` turns it on) and this process sent no valid token. Run with RAY_AUTH_MODE=token: "
                f"Ray then sends the token in ~/.ray/auth_token, which `ray start` wrote on the head's machine "
                f"(on another machine copy that file, or set RAY_AUTH_TOKEN to its content)") from None
        last = next((line.strip() for c in causes for line in reversed(str(c).strip().splitlines()) if line.strip()),
                    "")
        raise RayAddressError(f"{flag} {address!r}: something answers at {where} but Ray could not join it: "
                              f"{e}{' (' + last[:300] + ')' if last else ''}. Is it the head's GCS port (`ray start "
                              f"--head` prints `ray start --address=...`), and the same Ray version "
                              f"({ray.__version__}) on both sides?") from None


START_TRIES = 3  # Ray gives a new node 30 s to register (ray/_private/node.py); a loaded machine can miss it once


def _start_ray(ray, num_workers: int, stream: bool) -> None:
    """``ray.init`` of a one-node, loopback-only cluster, with a clear error when it cannot start. A node that
    timed out during startup (its raylet waits about 15 s for its Python agents, and Ray 30 s for the node) is
    stopped with whatever it started and tried again, ``START_TRIES`` times in all (a CI run on a busy machine
    missed it once: the message said "retry"; this retries)."""
    for attempt in range(1, START_TRIES + 1):
        try:
            ray.init(_node_ip_address=HOST, num_cpus=num_workers, include_dashboard=False,
                     log_to_driver=stream, configure_logging=True, logging_level="ERROR",
                     runtime_env=_runtime_env())
            return
        except Exception as e:  # noqa: BLE001 - Ray raises a bare Exception here
            if "timed out during startup" not in str(e):
                raise
            ray.shutdown()
            _kill_ray_children()  # the half-started node's processes
            if attempt < START_TRIES:
                continue
            load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
            raise RuntimeError(
                f"Ray could not start its local node ({e}) Ray's raylet waits at most about 15 s for its "
                f"Python agents to start; on this machine (load average {load:.1f} on {os.cpu_count()} cores) "
                f"they were slower, {START_TRIES} times. Retry when the machine is less busy; the raylet's own log "
                f"says more: {os.path.join(_ray_temp_dir(), 'session_latest', 'logs', 'raylet.out')}") from None


def _progress(ray, collector, started: float) -> str:
    """What the workers had reported when the run was stopped (for a timeout's message): each worker's attempt
    and its last event, in seconds since the launch; or why that could not be read."""
    if collector is None:
        return "No worker reported an event (stopped before the workers were asked to start)."
    try:
        info = ray.get(collector.summary.remote(), timeout=10)
    except Exception as err:  # noqa: BLE001 - only for the message
        return f"(what the workers reported could not be read: {type(err).__name__})"
    if not info["events"]:
        return "No worker reported an event (they did not get past their start: is every CPU busy?)."
    last = []
    for name, events in sorted(info["events"].items()):
        e = events[-1]
        where = ", ".join(f"{k} {e[k]}" for k in ("epoch", "step") if k in e)
        last.append(f"{name}: attempt {e['attempt']}, {e['event']}{' (' + where + ')' if where else ''} at "
                    f"{e['t'] - started:.0f} s")
    fault = f"; the fault fired at {info['fault_time'] - started:.0f} s" if info["fault_time"] else ""
    return f"The workers' last reports: {'; '.join(last)}{fault}."


def _ray_log_tail(joined: bool, lines: int = 15) -> str:
    """The last lines of this node's raylet.out and gcs_server.out (what says why a raylet died), or why not."""
    if joined:
        return "(a joined cluster: read the logs on its head)"
    logs = os.path.join(_ray_temp_dir(), "session_latest", "logs")
    found = []
    for name in ("raylet.out", "gcs_server.out"):
        try:
            with open(os.path.join(logs, name), errors="replace") as f:
                found.append(f"{name}:\n" + "".join(f.readlines()[-lines:]))
        except OSError as err:
            found.append(f"{name}: not readable ({err.strerror})")
    return "\n".join(found)


def _ray_temp_dir() -> str:
    """Where Ray keeps its sessions: RAY_TMPDIR, else TMPDIR on Linux, else /tmp; then ray/."""
    linux_tmp = os.environ.get("TMPDIR") if sys.platform.startswith("linux") else None
    return os.path.join(os.environ.get("RAY_TMPDIR") or linux_tmp or "/tmp", "ray")


def ray_processes(owner: int | None = None) -> list[int]:
    """Pids of the Ray processes this process started (gcs_server, raylet, monitors, agents, workers)
    that are still there, including the raylet's agents after a raylet crash (their parent is then
    init). Ours: a child of ours, a session folder ending in our pid, or ``OWNER_VARIABLE=<our pid>`` in
    the environment ``run_on_ray`` gives the processes Ray starts (the agents rename themselves
    ``ray::DashboardAgent``). Not the process group: pytest-xdist's workers and the launches they
    start share one, and another run's live agents are in it; killing them kills its raylet.
    ``owner``: the processes of that process instead, which must lead a process group of its own (e.g.
    ``ray start --head --block`` started in a new session)."""
    me = os.getpid() if owner is None else owner
    tag = f"{OWNER_VARIABLE}={me}".encode()
    found = []
    session = re.compile(rb"/session_[0-9_-]+_%d(/|\s|\x00|$)" % me)
    for entry in os.listdir("/proc") if os.path.isdir("/proc") else []:
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                stat = f.read()
            comm = stat[stat.index("("): stat.rindex(")") + 1]
            parent = int(stat.rsplit(")", 1)[1].split()[1])
            with open(f"/proc/{entry}/cmdline", "rb") as f:
                command = f.read()
        except (OSError, ValueError):
            continue
        ours = parent == me and (b"/ray/" in command or comm in ("(raylet)", "(gcs_server)"))
        tagged = tag in _environment(int(entry))
        if owner is not None:  # a group of its own: a renamed agent ("ray::DashboardAgent") stays in it
            tagged = tagged or (command.startswith(b"ray::") and _pgid(int(entry)) == owner)
        if ours or tagged or session.search(command) is not None:
            found.append(int(entry))
    return found


def _environment(pid: int) -> list[bytes]:
    """The ``NAME=value`` entries a process started with (empty when it is gone or not ours to read)."""
    try:
        with open(f"/proc/{pid}/environ", "rb") as f:
            return f.read().split(b"\x00")
    except OSError:
        return []


def _pgid(pid: int):
    try:
        return os.getpgid(pid)
    except OSError:
        return None


def _kill_ray_children() -> None:
    """SIGKILL and reap whatever ``ray_processes`` finds (``ray.shutdown`` does not know a node
    that never started), then wait (at most ``KILL_WAIT_S``) until they are gone: a killed process that is
    not our child is reaped by its own parent, and on a busy machine its exit takes a moment (a check
    right after found one still there once in CI)."""
    killed = ray_processes()
    for pid in killed:
        try:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        except (ProcessLookupError, ChildProcessError):
            pass
    deadline = time.monotonic() + KILL_WAIT_S
    while killed and time.monotonic() < deadline:
        killed = [pid for pid in killed if _alive(pid)]
        if killed:
            time.sleep(0.05)


KILL_WAIT_S = 10.0


def _alive(pid: int) -> bool:
    """The process exists and is not a zombie (one that exited and waits for its parent to read its status)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return False


def _restore(saved: dict) -> None:
    for k, v in saved.items():
        if v is None:
            os.environ.pop(k, None)
        else:
            os.environ[k] = v


class _SigintSeen:
    """Ray Train's ``fit`` puts in a SIGINT handler of its own and leaves it there: a first Ctrl-C asks its
    controller to abort and ``fit`` returns as if the run had ended, a third calls ``sys.exit``; after ``fit``, a
    Ctrl-C (Jupyter's "interrupt kernel" too) still reaches that handler, for a run that is over. While this context
    is open, a SIGINT handler set in this process is wrapped so that a SIGINT which is not the watchdog's (``ours``
    is set first) sets ``seen``; on leaving it, the SIGINT handler that was there before is put back.
    ``interrupt()``: the watchdog's later SIGINTs (an abort that hangs), sent only while the context is open: one
    sent after it closed would reach the caller's handler (KeyboardInterrupt in the caller, after the run ended)."""

    def __init__(self, seen: threading.Event, ours: threading.Event):
        self.seen, self.ours = seen, ours
        self.lock, self.open = threading.Lock(), False

    def interrupt(self) -> bool:
        with self.lock:
            if self.open:
                _thread.interrupt_main()
            return self.open

    def __enter__(self):
        self.set_signal, self.before = signal.signal, signal.getsignal(signal.SIGINT)
        self.open = True

        def setting(signum, handler):
            if signum == signal.SIGINT and callable(handler):
                inner = handler

                def handler(sig, frame):  # noqa: F811 - the wrapper stands for Ray's handler
                    if not self.ours.is_set():
                        self.seen.set()
                    return inner(sig, frame)
            return self.set_signal(signum, handler)

        signal.signal = setting
        return self

    def __exit__(self, *exc):
        with self.lock:
            self.open = False
        signal.signal = self.set_signal
        if threading.current_thread() is threading.main_thread() and self.before is not None:
            try:  # signal.signal first runs a SIGINT still pending (the watchdog's), in Ray's handler
                signal.signal(signal.SIGINT, self.before)
            except BaseException:  # noqa: BLE001 - Ray's abort for a run that has ended already
                signal.signal(signal.SIGINT, self.before)
        return False


def _check_seconds(name, value):
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value <= 0:
        raise ValueError(f"{name}={value!r} must be a positive, finite number of seconds")


def run_on_ray(target, num_workers: int = 2, *, kwargs=None, checkpoint: bool = False, max_failures: int = 0,
               fault: Fault | None = None, timeout: float = 300.0, storage_path=None,
               stream: bool = False, address: str | None = None, flag: str = "address") -> RayResult:
    """Run ``target(ctx, **kwargs)`` in ``num_workers`` Ray Train workers on a local, loopback-only
    Ray cluster that this call starts and stops, or, given ``address``, on the running Ray cluster
    there, which it joins and leaves running; return a ``RayResult``.

    ``target``: the function ``gpukit.cluster.run`` takes (``cluster.train_mwms``, a function of
    yours, or ``"module:function"``); Ray sends it to the workers with cloudpickle.
    ``checkpoint=True``: ``target`` gets ``checkpoint_dir=`` (a local folder holding Ray's latest
    checkpoint, empty at first); after each epoch the chief's folder is reported to Ray.
    ``max_failures``: how many times Ray restarts the worker group after a worker fails
    (``FailureConfig``). ``fault``: a ``cluster.Fault(kind="kill")`` SIGKILLs that worker once,
    at that epoch and step. ``timeout``: seconds for the training (after Ray started). ``stream``: show the workers'
    output (Ray prefixes each line with the worker's pid).

    ``address``: ``HOST:PORT`` of a running Ray head (``ray start --head`` prints it) or ``auto`` (Ray Client's
    ``ray://`` is refused: its session did not start here). Checked, and its port probed (``PROBE_TIMEOUT_S``), before Ray is imported:
    ``RayAddressError`` names the cause and the fix. Then ``ray.init(address=...)``; at the end only
    ``ray.shutdown()`` (disconnect): the cluster and its processes keep running. The workers may run on
    other machines, so their TF_CONFIG holds the nodes' own addresses: the 127.0.0.1 check applies to the
    local cluster only. On a loopback address (127.0.0.1, localhost) the driver keeps Ray on loopback too
    (``RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER=0``: Ray would otherwise swap 127.0.0.1 for the machine's network
    address). ``flag``: how errors name the address (``launch`` passes ``"--ray"``). Every node must see
    gpukit and ``target``'s module at the same path (a shared file system), and a checkpoint's
    ``storage_path`` must be storage every node reaches.
    """
    whole("num_workers", num_workers)
    whole("max_failures", max_failures, minimum=0)
    _check_seconds("timeout", timeout)
    target_name = target if isinstance(target, str) else getattr(target, "__name__", "")
    if isinstance(target, str):
        if ":" not in target:
            raise ValueError(f"target={target!r}: use 'package.module:function' or a function")
    elif not callable(target):
        raise ValueError(f"target must be a function or 'module:function', got {target!r}")
    joined = address is not None
    if joined:
        connect, host, port = check_address(address, flag=flag)
    kwargs = dict(kwargs or {})
    if checkpoint and "checkpoint_dir" in kwargs:
        raise ValueError("checkpoint=True gives target its checkpoint_dir; remove checkpoint_dir from kwargs")
    if fault is not None:
        names = [f"worker {i}" for i in range(num_workers)]
        if fault.kind != "kill":
            raise ValueError(f"run_on_ray injects Fault(kind='kill') only (Ray restarts dead workers), "
                             f"got kind={fault.kind!r}")
        if fault.task not in names:
            raise ValueError(f"Fault task {fault.task!r} is not in this cluster (tasks: {names})")
        if max_failures < 1:
            raise ValueError("a fault with max_failures=0 ends the run: pass max_failures >= 1 so Ray restarts")
    if joined:
        probe_address(address, host, port, flag=flag)
    loopback = not joined or is_loopback_host(host)
    saved_env = {k: os.environ.get(k) for k in ("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "RAY_TRAIN_V2_ENABLED",
                                                 OWNER_VARIABLE)}
    # read once, when Ray is imported: set before the import (and checked below)
    if loopback:
        os.environ["RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"] = "0"  # with _node_ip_address: loopback only
    os.environ["RAY_TRAIN_V2_ENABLED"] = "1"
    os.environ[OWNER_VARIABLE] = str(os.getpid())  # inherited by every process Ray starts: see ray_processes
    try:
        ray = require_ray()
        from ray._private import ray_constants

        if loopback and getattr(ray_constants, "ENABLE_RAY_CLUSTER", False):
            raise RuntimeError("Ray was imported before run_on_ray could set RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER=0, "
                               "so it would write this machine's network address into TF_CONFIG; restart Python "
                               "(the kernel) and call run_on_ray before importing ray, or set the variable first")
    except BaseException:
        _restore(saved_env)
        raise
    if ray.is_initialized():
        _restore(saved_env)
        raise RuntimeError("Ray is already running in this process; run_on_ray starts and stops its own "
                           "loopback cluster (or joins the one at address=): call ray.shutdown() first")
    from ray.train import CheckpointConfig, FailureConfig, RunConfig, ScalingConfig
    from ray.train.tensorflow import TensorflowTrainer

    own_storage = storage_path is None
    storage_path = storage_path or temporary_folder("gpukit-ray-")
    timed_out = threading.Event()
    interrupted = threading.Event()  # a SIGINT during fit that is not the watchdog's: Ctrl-C
    finished = threading.Event()

    def watchdog():
        if not finished.wait(timeout):
            timed_out.set()
            # a SIGINT in the main thread: Ray Train's own handler (fit installs it there) asks its controller to
            # abort and fit returns; without it, KeyboardInterrupt. Either way the run ends as a timeout (below) and
            # finally stops Ray. An abort that hangs gets Ray's "3 SIGINTs": SystemExit
            _thread.interrupt_main()
            if not finished.wait(ABORT_GRACE_S):
                for _ in range(2):
                    if not sigint.interrupt():  # fit is over: the caller's handler is back
                        break
                    finished.wait(0.5)

    sigint = _SigintSeen(interrupted, timed_out)
    started = time.time()
    timer = threading.Thread(target=watchdog, daemon=True)
    try:
        sigterm = signal.getsignal(signal.SIGTERM)
        if joined:
            _join_ray(ray, address, connect, host, port, stream, flag)
        else:
            _start_ray(ray, num_workers, stream)
        if callable(sigterm) and threading.current_thread() is threading.main_thread():
            # ray.init puts in its own SIGTERM handler (it aborts the driver: no finally, Ray's workers left
            # running); keep the caller's (launch's turns SIGTERM into KeyboardInterrupt, so Ray is stopped)
            signal.signal(signal.SIGTERM, sigterm)
        node_ip = None if joined else ray.util.get_node_ip_address()
        if not joined and node_ip != HOST:
            raise RuntimeError(f"Ray's node address is {node_ip}, not {HOST}: the local cluster would be "
                               f"reachable from the network. Was RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER overridden?")
        ray_ready = time.time()
        timer.start()
        collector = None
        try:  # from here on, the watchdog's interrupt may come (on a busy machine, before fit has started)
            collector = ray.remote(num_cpus=0)(_Collector).remote(dataclasses.asdict(fault) if fault else None)
            trainer = TensorflowTrainer(
                _train_loop,
                train_loop_config={"target": target, "kwargs": kwargs, "checkpoint": checkpoint,
                                   "fault": dataclasses.asdict(fault) if fault else None,
                                   "collector": collector, "loopback": not joined},
                scaling_config=ScalingConfig(num_workers=num_workers, use_gpu=False,
                                             resources_per_worker={"CPU": 1}),
                run_config=RunConfig(name=f"gpukit-{target_name or 'target'}", storage_path=storage_path,
                                     failure_config=FailureConfig(max_failures=max_failures),
                                     checkpoint_config=CheckpointConfig(num_to_keep=2)),
            )
            with sigint:
                trainer.fit()
            if timed_out.is_set() or interrupted.is_set():  # Ray's SIGINT handler aborted the run, fit returned
                raise KeyboardInterrupt
        except BaseException as e:
            if interrupted.is_set() and not timed_out.is_set():  # a Ctrl-C (Ray's abort, or its sys.exit)
                finished.set()
                raise KeyboardInterrupt from None  # the caller's to report; finally stops Ray
            if timed_out.is_set():  # whatever the abort raised (KeyboardInterrupt, SystemExit, Ray's error)
                finished.set()
                if joined:
                    try:
                        cpus = ray.cluster_resources().get("CPU", 0)
                    except Exception:  # noqa: BLE001 - only for the message
                        cpus = float("nan")
                    raise ClusterError(f"the Ray run took longer than timeout={timeout} s; its workers were "
                                       f"stopped, the cluster at {address} keeps running (it has {cpus:g} CPUs; "
                                       f"{num_workers} workers need {num_workers}: Ray waits until they are "
                                       f"free)") from None
                raise ClusterError(f"the Ray run took longer than timeout={timeout} s; Ray was stopped "
                                   f"with every worker. {_progress(ray, collector, started)}") from None
            if isinstance(e, SystemExit):  # Ray's core worker ends the driver: its raylet is gone, or a SIGTERM
                raise ClusterError(
                    f"Ray ended this driver (SystemExit {e.code}) during the run: its local raylet died or the "
                    f"process got a SIGTERM. The end of Ray's own logs:\n{_ray_log_tail(joined)}") from e
            if isinstance(e, Exception):  # Ray wraps the workers' errors in its own types
                raise ClusterError(
                    f"Ray Train failed ({type(e).__name__}) after max_failures={max_failures} restarts: "
                    f"{str(e).strip()[:2000]}") from e
            raise
        finished.set()
        end = time.time()
        info = ray.get(collector.summary.remote(), timeout=60)
    finally:
        finished.set()
        ray.shutdown()  # a joined cluster: disconnect only; it keeps running
        if not joined:
            _kill_ray_children()  # normally nothing left; after a failed start, Ray's processes
        _restore(saved_env)
        if own_storage:
            shutil.rmtree(storage_path, ignore_errors=True)
    return RayResult(results=info["results"], events=info["events"], started=started, ray_ready=ray_ready,
                     finished=end, attempts=info["attempts"], tf_configs=info["configs"],
                     fault_time=info["fault_time"])
