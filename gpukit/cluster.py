"""A real multi-worker TensorFlow cluster on this machine, and the training that runs on it (lesson 02).

Three parts, read top to bottom:

1. **TF_CONFIG** (pure, no TensorFlow): ``local_cluster`` picks free ports on 127.0.0.1,
   ``tf_config(cluster, task_type, task_index)`` builds and validates the JSON every process
   needs *in its environment before TensorFlow starts*. The same function builds TF_CONFIG on
   a real cluster from a host list (docs/cluster.md: SLURM, Kubernetes).
2. **The launcher**: ``run(target, n_workers=2, ...)`` starts one OS process per task, each with
   its own TF_CONFIG, streams their output with a ``[worker 1]`` prefix (kept in log files),
   puts a timeout on every wait, kills every child on success, error, ``KeyboardInterrupt`` and
   when this process dies (``PR_SET_PDEATHSIG`` in the child), injects faults (``Fault``: kill
   or freeze worker k at epoch e) and returns what each worker's ``target`` returned.
3. **Tasks** that run inside the workers: ``dataset_fn`` (the sharding policy, checked here by
   ``check_sharding``), ``train_mwms`` (MultiWorkerMirroredStrategy custom loop with chief-only
   checkpoints and resume; ``train_single`` is its one-process reference) and ``train_ps``
   (ParameterServerStrategy with ``ClusterCoordinator.schedule``: staleness, lost updates).
   They import TensorFlow only when they run.
4. **CentralStorageStrategy** (``central_storage``, ``fit_history``) and the comparators the
   graded exercise uses (``compare_sharding``, ``compare_cluster_training``).

``target`` is called as ``target(ctx, **kwargs)`` in every process; ``ctx`` is a
``WorkerContext`` (task type/index, chief or not, a private directory, ``ctx.report(...)``).
A function from an importable module is imported by name in the worker; any other function
(one defined in a notebook cell) is sent as source code, so it must do its own imports.
"""

from __future__ import annotations

import atexit
import dataclasses
import inspect
import json
import math
import os
import pathlib
import pickle
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import textwrap
import time
import types

import numpy as np

from ._args import kill as _kill
from ._args import whole

HOST = "127.0.0.1"
ROLES = ("chief", "worker", "ps", "evaluator")


# ----------------------------------------------------------------------------------------------
# 1. TF_CONFIG
# ----------------------------------------------------------------------------------------------

def free_ports(n: int, host: str = HOST) -> list[int]:
    """``n`` distinct ports that are free on ``host`` right now (the OS picks them)."""
    sockets = []
    try:
        for _ in range(n):
            s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            s.bind((host, 0))
            sockets.append(s)
        return [s.getsockname()[1] for s in sockets]
    finally:
        for s in sockets:
            s.close()


def check_port_free(host: str, port: int) -> None:
    """Raise ``RuntimeError`` if something on this machine already listens on ``host:port``.

    gRPC binds with SO_REUSEPORT, so a second TensorFlow server on a busy port may *not*
    fail: two processes would silently share it. Check before launching instead.
    """
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        try:
            s.bind((host, port))
        except OSError as e:
            raise RuntimeError(
                f"port {port} on {host} is already in use ({e.strerror}); stop the process "
                f"that holds it (`ss -ltnp | grep {port}`) or pass ports=None to pick free ports"
            ) from None


def local_cluster(n_workers: int, n_ps: int = 0, host: str = HOST, ports=None) -> dict:
    """The ``cluster`` part of TF_CONFIG for a cluster on one machine.

    ``n_ps == 0``: ``n_workers`` workers (MultiWorkerMirroredStrategy; worker 0 is the chief).
    ``n_ps > 0``: one chief (the coordinator), ``n_ps`` parameter servers and ``n_workers``
    workers (ParameterServerStrategy). ``ports`` (one per task, in that order) default to
    free ports.
    """
    whole("n_workers", n_workers)
    whole("n_ps", n_ps, minimum=0)
    n_tasks = n_workers + (1 + n_ps if n_ps else 0)
    if ports is None:
        ports = free_ports(n_tasks, host)
    ports = list(ports)
    if len(ports) != n_tasks:
        raise ValueError(f"got {len(ports)} ports for {n_tasks} tasks; pass one port per task or ports=None")
    addresses = [f"{host}:{p}" for p in ports]
    if not n_ps:
        cluster = {"worker": addresses}
    else:
        cluster = {"chief": addresses[:1], "ps": addresses[1:1 + n_ps], "worker": addresses[1 + n_ps:]}
    validate_cluster(cluster)
    return cluster


def validate_cluster(cluster: dict) -> None:
    """Raise ``ValueError`` naming the problem when ``cluster`` is not a usable cluster spec."""
    if not isinstance(cluster, dict) or not cluster:
        raise ValueError(f"cluster must be a dict like {{'worker': ['host:port', ...]}}, got {cluster!r}")
    unknown = sorted(set(cluster) - set(ROLES))
    if unknown:
        raise ValueError(f"unknown task types {unknown}; use {list(ROLES)}")
    if "worker" not in cluster and "chief" not in cluster:
        raise ValueError("the cluster has no 'worker' (or 'chief') task: add 'worker': ['host:port', ...]")
    if "ps" in cluster and "chief" not in cluster:
        raise ValueError("a parameter-server cluster needs a 'chief' task (the coordinator): "
                         "add 'chief': ['host:port']")
    if "ps" in cluster and "worker" not in cluster:
        raise ValueError("a parameter-server cluster needs 'worker' tasks: add 'worker': ['host:port', ...]")
    seen = {}
    for role, addresses in cluster.items():
        if isinstance(addresses, str) or not isinstance(addresses, (list, tuple)) or not addresses:
            raise ValueError(f"cluster[{role!r}] must be a non-empty list of 'host:port' strings")
        if role in ("chief", "evaluator") and len(addresses) != 1:
            raise ValueError(f"cluster[{role!r}] must have exactly one address, got {len(addresses)}")
        for i, address in enumerate(addresses):
            m = re.fullmatch(r"([^:\s]+):(\d+)", str(address))
            if not m or not 0 < int(m.group(2)) < 65536:
                raise ValueError(f"{role} {i}: {address!r} is not 'host:port' with a port in 1..65535")
            if address in seen:
                raise ValueError(
                    f"duplicate address {address}: used by {seen[address]} and {role} {i}; "
                    f"every task needs its own host:port"
                )
            seen[address] = f"{role} {i}"


def tf_config(cluster: dict, task_type: str, task_index: int) -> dict:
    """The TF_CONFIG dict for one task: ``{"cluster": ..., "task": {"type": ..., "index": ...}}``.

    Put ``json.dumps(...)`` of it in the task's ``TF_CONFIG`` environment variable before the
    process imports TensorFlow. Raises ``ValueError`` for a bad cluster, a task type that is not
    in it, or an index out of range.
    """
    validate_cluster(cluster)
    if task_type not in cluster:
        raise ValueError(f"task type {task_type!r} is not in the cluster (it has {sorted(cluster)})")
    n = len(cluster[task_type])
    if isinstance(task_index, bool) or not isinstance(task_index, int) or not 0 <= task_index < n:
        raise ValueError(f"task index {task_index!r} is out of range for {task_type!r}: "
                         f"the cluster has {n} (indices 0..{n - 1})")
    return {"cluster": {k: list(v) for k, v in cluster.items()}, "task": {"type": task_type, "index": task_index}}


def is_chief(config: dict) -> bool:
    """The chief writes checkpoints: the 'chief' task, or worker 0 when there is no chief."""
    task = config["task"]
    return task["type"] == "chief" or (task["type"] == "worker" and task["index"] == 0
                                       and "chief" not in config["cluster"])


# ----------------------------------------------------------------------------------------------
# 2. The launcher
# ----------------------------------------------------------------------------------------------

class ClusterError(RuntimeError):
    """A cluster run went wrong; the message names the task and its log file."""


class WorkerError(ClusterError):
    """A task raised: ``.task``, ``.error_type``, ``.traceback`` (the worker's) and ``.log``."""

    def __init__(self, task, error_type, message, traceback, log):
        self.task, self.error_type, self.traceback, self.log = task, error_type, traceback, log
        super().__init__(f"{task} failed with {error_type}: {message}\n"
                         f"--- traceback from {task} (full log: {log}) ---\n{traceback}")


@dataclasses.dataclass
class Fault:
    """Fault injection: ``kind`` "kill" (SIGKILL: a crashed machine) or "stop" (SIGSTOP: a hung
    one) hits ``task`` when it reports step ``step`` of epoch ``epoch`` (0-based)."""

    kind: str = "kill"
    task: str = "worker 1"
    epoch: int = 1
    step: int = 0

    def __post_init__(self):
        if self.kind not in ("kill", "stop"):
            raise ValueError(f"Fault kind={self.kind!r}; use 'kill' (SIGKILL) or 'stop' (SIGSTOP)")
        whole("epoch", self.epoch, minimum=0)
        whole("step", self.step, minimum=0)


@dataclasses.dataclass
class WorkerContext:
    """What ``target(ctx, ...)`` gets in each process."""

    task_type: str
    task_index: int
    name: str
    tf_config: dict
    run_dir: str
    workdir: str
    _events: str = ""

    @property
    def is_chief(self) -> bool:
        return is_chief(self.tf_config)

    @property
    def num_workers(self) -> int:
        return len(self.tf_config["cluster"].get("worker", []))

    def report(self, event: str, **fields) -> None:
        """Append an event (with a wall-clock time) to this task's events file; the launcher
        reads it to inject faults and to draw the step timeline."""
        with open(self._events, "a") as f:
            f.write(json.dumps({"event": event, "t": time.time(), **fields}) + "\n")


@dataclasses.dataclass
class RunResult:
    """What ``run`` returns. ``results[name]`` is what ``target`` returned in that task."""

    results: dict
    events: dict
    logs: dict
    run_dir: str
    started: float
    fault: Fault | None = None
    fault_time: float | None = None
    errors: dict = dataclasses.field(default_factory=dict)  # task -> {"type", "message", "t", ...}

    @property
    def failed(self) -> bool:
        return bool(self.errors)

    @property
    def seconds_to_error(self) -> dict:
        """For each survivor of a fault: seconds from the fault to its exception."""
        if self.fault_time is None:
            return {}
        return {k: e["t"] - self.fault_time for k, e in self.errors.items()}

    def first_step_seconds(self, task="worker 0") -> float:
        """Seconds from launch to the end of the first training step on ``task``."""
        steps = [e for e in self.events.get(task, []) if e["event"] == "step_end"]
        if not steps:
            raise ValueError(f"{task} reported no step_end event")
        return steps[0]["t"] - self.started


# Every child this module started (pid -> Popen), so tests and atexit can check / clean up.
_STARTED: dict[int, subprocess.Popen] = {}

# Temporary run folders (logs, specs, worker files) of runs that ended without an error: removed
# when this Python process exits. Runs that failed keep theirs: the error message names the log.
_FINISHED_RUN_DIRS: list[str] = []


@atexit.register
def _remove_finished_run_dirs() -> None:
    for path in _FINISHED_RUN_DIRS:
        shutil.rmtree(path, ignore_errors=True)

# TensorFlow C++ log lines ("2026-... W tensorflow/...", "E0000 00:00:... grpc", absl notices):
# kept in the log files, not streamed to the notebook.
_NOISE = re.compile(r"^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d+: [IWEF] |[IWEF]\d{4} \d\d:\d\d:\d\d|"
                    r"WARNING: All log messages before absl|To enable the following instructions|"
                    r"[IWEF]0000 00:00|\s*$|"
                    # continuation lines of TensorFlow's multi-line C++ errors
                    r"/job:|The tasks have crashed|The error could be from a previous operation|"
                    r"Additional GRPC error information|\{\{function_node|\[mutex\.cc)")


# "E0000 00:00:1795425807.480213  20633 base_collective_executor.cc:252] BaseCollectiveExecutor::StartAbort
# DEADLINE_EXCEEDED: Collective has timed out": a collective that failed in C++ (the seconds are Unix time).
_ABORT = re.compile(r"^[EF]\d{4} \d\d:\d\d:(\d+\.\d+)\s.*StartAbort ([A-Z_]+): (.*)$")
_STATUS = {"DEADLINE_EXCEEDED": "DeadlineExceededError", "UNAVAILABLE": "UnavailableError",
           "ABORTED": "AbortedError", "INTERNAL": "InternalError", "CANCELLED": "CancelledError"}


def started_pids() -> list[int]:
    """Pids of every process ``run`` started in this Python process (alive or not)."""
    return sorted(_STARTED)


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


def _global_names(code) -> set:
    names = set(code.co_names)
    for const in code.co_consts:
        if hasattr(const, "co_names"):
            names |= _global_names(const)
    return names


def _target_spec(target):
    """How the worker finds ``target``: by import (gpukit, 'module:function') or by source.

    A function sent as source gets, in the worker, the modules it uses under the names it
    uses (``tf``, ``np``, ``keras``...) and the plain constants (numbers, strings) it reads from
    its module; any other global it reads must be passed in ``kwargs``.
    """
    if isinstance(target, str):
        if ":" not in target:
            raise ValueError(f"target={target!r}: use 'package.module:function' or a function")
        return {"import": target}
    if not inspect.isfunction(target):
        raise ValueError(f"target must be a function or 'module:function', got {target!r}")
    module = getattr(target, "__module__", "") or ""
    if module.split(".")[0] == "gpukit":
        return {"import": f"{module}:{target.__qualname__}"}
    if target.__qualname__ != target.__name__:
        raise ValueError(f"target {target.__qualname__} is nested in another function or class; "
                         f"define it at the top level of a cell or module")
    try:
        source = textwrap.dedent(inspect.getsource(target))
    except (OSError, TypeError):
        raise ValueError(f"cannot read the source of {target.__name__}; define it in a notebook cell "
                         f"or a .py file, or pass 'module:function'") from None
    modules, constants = {}, {}
    for name in _global_names(target.__code__):
        value = target.__globals__.get(name)
        if isinstance(value, types.ModuleType):
            modules[name] = value.__name__
        elif isinstance(value, (bool, int, float, str)) and not name.startswith("__"):
            constants[name] = value
    return {"source": source, "name": target.__name__, "modules": modules, "constants": constants}


def _ship_kwargs(kwargs: dict) -> dict:
    """Functions among ``kwargs`` travel like ``target`` (by import or by source)."""
    return {k: {"__gpukit_function__": _target_spec(v)} if inspect.isfunction(v) else v
            for k, v in kwargs.items()}


class _Task:
    def __init__(self, name, task_type, index, config, run_dir):
        self.name, self.type, self.index, self.config = name, task_type, index, config
        slug = name.replace(" ", "-")
        self.log = os.path.join(run_dir, f"{slug}.log")
        self.events_path = os.path.join(run_dir, f"{slug}.events.jsonl")
        self.result_path = os.path.join(run_dir, f"{slug}.result.pkl")
        self.error_path = os.path.join(run_dir, f"{slug}.error.json")
        self.workdir = os.path.join(run_dir, slug)
        self.proc = None
        self.log_pos, self.events_pos, self.partial = 0, 0, ""
        self.events, self.ready, self.in_traceback = [], False, False

    def read_events(self):
        try:
            with open(self.events_path) as f:
                f.seek(self.events_pos)
                chunk = f.read()
        except FileNotFoundError:
            return []
        complete = chunk[: chunk.rfind("\n") + 1]
        self.events_pos += len(complete)
        new = [json.loads(line) for line in complete.splitlines() if line.strip()]
        self.events += new
        self.ready = self.ready or any(e["event"] == "ready" for e in new)
        return new

    def stream(self, out, final=False):
        try:
            with open(self.log, errors="replace") as f:
                f.seek(self.log_pos)
                chunk = f.read()
                self.log_pos = f.tell()
        except FileNotFoundError:
            return
        text = self.partial + chunk
        lines = text.split("\n")
        self.partial = "" if final else lines.pop()
        for line in lines:
            # a traceback goes to the log file and the raised error, not line by line to the notebook
            self.in_traceback = self.in_traceback or line.startswith("Traceback (most recent call last)")
            if out is not None and not self.in_traceback and not _NOISE.match(line):
                out.write(f"[{self.name}] {line}\n")
        if out is not None:
            out.flush()

    def error(self, code):
        """The task's Python exception, or (for a process that aborted in C++) the last
        ``StartAbort CODE: message`` line of its log, timed by the log line's own clock."""
        try:
            with open(self.error_path) as f:
                error = json.load(f)
            error["full_message"], error["message"] = error["message"], _summary(error["message"])
            return error
        except (FileNotFoundError, json.JSONDecodeError):
            pass
        found = None
        try:
            with open(self.log, errors="replace") as f:
                for line in f:
                    m = _ABORT.search(line)
                    if m:
                        found = m
        except FileNotFoundError:
            pass
        if found is None:
            return {"type": f"exit code {code}", "message": "the process died without a Python traceback",
                    "traceback": _tail(self.log), "t": time.time()}
        kind = _STATUS.get(found.group(2), found.group(2))
        return {"type": kind, "message": found.group(3).strip() + f" (then the process aborted, exit code {code})",
                "traceback": _tail(self.log), "t": float(found.group(1))}


def _serve(ctx):
    """Parameter servers and PS workers: start a TensorFlow server and wait to be used."""
    import gpukit._tf  # noqa: F401  (quiet import)
    import tensorflow as tf

    resolver = tf.distribute.cluster_resolver.TFConfigClusterResolver()
    server = tf.distribute.Server(resolver.cluster_spec(), job_name=ctx.task_type,
                                  task_index=ctx.task_index, protocol="grpc", start=True)
    ctx.report("serving")
    server.join()


def run(target, n_workers: int = 2, *, n_ps: int = 0, kwargs=None, fault: Fault | None = None,
        ports=None, timeout: float = 300.0, start_timeout: float = 120.0, error_timeout: float = 60.0,
        log_dir=None, stream=True, python=None) -> RunResult:
    """Run ``target(ctx, **kwargs)`` on a local cluster and return a ``RunResult``.

    Without ``n_ps``: ``n_workers`` worker processes all run ``target``
    (MultiWorkerMirroredStrategy). With ``n_ps``: the chief runs ``target`` (the coordinator),
    ``n_ps`` parameter servers and ``n_workers`` workers only serve; they are stopped when the
    chief returns.

    Waits have limits: ``start_timeout`` for every process to reach its ``target``,
    ``timeout`` for the whole run, ``error_timeout`` for survivors of a ``fault`` to stop.
    A task that raises → ``WorkerError`` with its traceback (the others are killed first).
    With a ``fault``, the survivors' errors are expected: they are returned in
    ``RunResult.errors`` with the seconds from the fault to each error.
    Children are killed on return, on any exception (``KeyboardInterrupt`` included), and by
    the kernel if this process dies (PR_SET_PDEATHSIG).
    """
    spec = _target_spec(target)
    kwargs = _ship_kwargs(dict(kwargs or {}))
    for name, value in (("timeout", timeout), ("start_timeout", start_timeout), ("error_timeout", error_timeout)):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value <= 0:
            raise ValueError(f"{name}={value!r} must be a positive, finite number of seconds")
    try:  # everything sent to the workers must pickle; find out before any folder or process exists
        pickle.dumps(kwargs)
    except Exception as err:  # noqa: BLE001 - pickle raises many types
        raise ValueError(f"kwargs cannot be sent to the workers ({type(err).__name__}: {err}); pass plain data "
                         f"(numbers, strings, lists, numpy arrays) or module-level functions") from None
    if ports is not None:
        for port in ports:
            check_port_free(HOST, port)
    cluster = local_cluster(n_workers, n_ps, ports=ports)
    order = [(role, i) for role in ("chief", "ps", "worker") for i in range(len(cluster.get(role, [])))]
    if fault is not None:
        names = [f"{r} {i}" for r, i in order]
        if fault.task not in names:
            raise ValueError(f"Fault task {fault.task!r} is not in this cluster (tasks: {names})")
        if n_ps:
            raise ValueError("fault injection is for MultiWorkerMirrored runs (n_ps=0)")
    run_dir = log_dir or tempfile.mkdtemp(prefix="gpukit-cluster-")
    os.makedirs(run_dir, exist_ok=True)
    out = sys.stdout if stream else None
    tasks = []
    for role, i in order:
        task = _Task(f"{role} {i}", role, i, tf_config(cluster, role, i), run_dir)
        runs_target = not n_ps or role == "chief"
        task.main = runs_target
        task_spec = {"target": spec if runs_target else {"import": "gpukit.cluster:_serve"},
                     "kwargs": kwargs if runs_target else {}, "name": task.name, "type": role, "index": i,
                     "tf_config": task.config, "run_dir": run_dir, "workdir": task.workdir,
                     "events": task.events_path, "result": task.result_path, "error": task.error_path}
        os.makedirs(task.workdir, exist_ok=True)
        spec_path = os.path.join(run_dir, f"{task.name.replace(' ', '-')}.spec.pkl")
        with open(spec_path, "wb") as f:
            pickle.dump(task_spec, f)
        task.spec_path = spec_path
        tasks.append(task)
    if ports is None:  # the ports were free a moment ago; make sure nothing grabbed one since
        for address in sum(cluster.values(), []):
            check_port_free(HOST, int(address.rsplit(":", 1)[1]))

    root = str(pathlib.Path(__file__).resolve().parents[1])
    started = time.time()
    result = RunResult({}, {}, {t.name: t.log for t in tasks}, run_dir, started, fault)
    try:
        for task in tasks:
            env = dict(os.environ, TF_CONFIG=json.dumps(task.config), GPUKIT_PARENT_PID=str(os.getpid()),
                       PYTHONUNBUFFERED="1", TF_CPP_MIN_LOG_LEVEL="2", TF_ENABLE_ONEDNN_OPTS="0",
                       PYTHONPATH=os.pathsep.join(filter(None, [root, os.environ.get("PYTHONPATH")])))
            command = list(python) if isinstance(python, (list, tuple)) else [python or sys.executable]
            with open(task.log, "wb") as log:
                task.proc = subprocess.Popen(command + ["-m", "gpukit._worker", task.spec_path],
                                             stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                             env=env, cwd=root, start_new_session=True)
            _STARTED[task.proc.pid] = task.proc
        _supervise(tasks, result, fault, out, started, timeout, start_timeout, error_timeout)
        if log_dir is None and not result.failed:
            _FINISHED_RUN_DIRS.append(run_dir)
        return result
    finally:
        for task in tasks:
            if task.proc is not None:
                _kill(task.proc)  # its own session: whatever it started dies too
        for task in tasks:
            task.stream(out, final=True)
            task.read_events()
            result.events[task.name] = task.events


def _supervise(tasks, result, fault, out, started, timeout, start_timeout, error_timeout):
    deadline = started + timeout
    fault_deadline = None
    while True:
        now = time.time()
        for task in tasks:
            task.stream(out)
            for event in task.read_events():
                if (fault is not None and result.fault_time is None and task.name == fault.task
                        and event["event"] == "step_begin" and event.get("epoch", -1) >= fault.epoch
                        and (event.get("epoch") > fault.epoch or event.get("step", -1) >= fault.step)):
                    os.kill(task.proc.pid, signal.SIGKILL if fault.kind == "kill" else signal.SIGSTOP)
                    result.fault_time = time.time()
                    fault_deadline = result.fault_time + error_timeout
                    if out is not None:
                        out.write(f"[gpukit] {fault.kind} {task.name} at epoch {event['epoch']} "
                                  f"step {event['step']}\n")
        # exits
        for task in tasks:
            code = task.proc.poll()
            if code is None or task.name in result.results or task.name in result.errors:
                continue
            if fault is not None and result.fault_time is not None and task.name == fault.task:
                continue  # the task we killed
            if code == 0 and task.main:
                with open(task.result_path, "rb") as f:
                    result.results[task.name] = pickle.load(f)
                continue
            error = task.error(code)
            if out is not None:
                out.write(f"[{task.name}] stopped with {error['type']}: {error['message'][:300]}\n")
            if result.fault_time is not None:
                result.errors[task.name] = error
                continue
            task.stream(out, final=True)
            raise WorkerError(task.name, error["type"], error["message"], error["traceback"], task.log)
        mains = [t for t in tasks if t.main and not (fault and result.fault_time and t.name == fault.task)]
        if all(t.name in result.results or t.name in result.errors for t in mains):
            if fault is not None and result.fault_time is None:
                raise ClusterError(f"the fault never fired: {fault.task} never reported epoch {fault.epoch} "
                                   f"step {fault.step}; pick an epoch/step the run reaches")
            return
        for task in tasks:
            if not task.ready and now - started > start_timeout:
                raise ClusterError(
                    f"{task.name} did not start within start_timeout={start_timeout} s (its process "
                    f"never reached the target function); see its log {task.log}. On a busy machine "
                    f"raise start_timeout")
        if fault_deadline is not None and now > fault_deadline:
            waiting = [t.name for t in mains if t.name not in result.errors and t.name not in result.results]
            raise ClusterError(
                f"{waiting} still running {error_timeout} s after {fault.kind} of {fault.task}: the "
                f"collective hangs. Create the strategy with communication_options="
                f"tf.distribute.experimental.CommunicationOptions(timeout_seconds=...)")
        if now > deadline:
            running = [t.name for t in tasks if t.proc.poll() is None]
            raise ClusterError(f"the run took longer than timeout={timeout} s; still running: {running}; "
                               f"logs in {result.run_dir}")
        time.sleep(0.05)


def _summary(message: str, limit: int = 400) -> str:
    """One readable line from a TensorFlow error: without "Graph execution error", the
    "Detected at node ... defined at" call stack and the ``[[{{node ...}}]]`` markers."""
    keep = []
    for line in str(message).splitlines():
        text = line.strip()
        if (not text or text.startswith(("Graph execution error", "Detected at node", "File \"", "[[{{node"))
                or line.startswith(("  ", "\t"))):
            continue
        keep.append(text)
    text = " ".join(" ".join(keep).split()) or " ".join(str(message).split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _tail(path, n=30):
    try:
        with open(path, errors="replace") as f:
            return "".join(f.readlines()[-n:])
    except FileNotFoundError:
        return "(no log)"


# ----------------------------------------------------------------------------------------------
# 3. Tasks that run inside the workers
# ----------------------------------------------------------------------------------------------

def training_data(n_examples: int, global_batch_size: int):
    """The first ``n_examples`` digits (float32 x, int32 y), cut to whole global batches."""
    from . import data

    (x, y), _ = data.digits()
    steps = min(n_examples, len(x)) // global_batch_size
    if steps < 1:
        raise ValueError(f"n_examples={n_examples} gives no whole batch of {global_batch_size}")
    n = steps * global_batch_size
    return x[:n].astype("float32"), y[:n].astype("int32")


def dataset_fn(input_context, x, y, global_batch_size: int, naive: bool = False):
    """Worker ``input_context.input_pipeline_id``'s dataset for ``distribute_datasets_from_function``.

    Right (``naive=False``): *shard, then batch by the per-replica batch*. Worker i keeps
    examples i, i+W, i+2W, ...; its step-k batch and the other workers' step-k batches together
    are exactly examples ``[k*GB, (k+1)*GB)``: global batch k of single-process training.
    Auto-sharding is switched off because we sharded by hand.

    Naive (seed 002): batch by the *global* batch, then shard: each worker trains on whole
    global batches, so one step uses W x GB examples and an epoch has W times fewer steps.
    """
    from ._tf import tf

    ds = tf.data.Dataset.from_tensor_slices((x, y))
    if naive:
        ds = ds.batch(global_batch_size).shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    else:
        per_replica = input_context.get_per_replica_batch_size(global_batch_size)
        ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
        ds = ds.batch(per_replica, drop_remainder=True)
    options = tf.data.Options()
    options.experimental_distribute.auto_shard_policy = tf.data.experimental.AutoShardPolicy.OFF
    return ds.with_options(options)


def global_batches(x, y, global_batch_size: int, n_workers: int, naive: bool = False, fn=None) -> list:
    """Simulate the workers' input pipelines here (no cluster): for each step, the sorted ids of
    the examples all workers together train on. ``x`` holds example ids (``np.arange(n)``);
    ``fn(input_context, x, y, global_batch_size)`` defaults to ``dataset_fn``."""
    from ._tf import tf

    fn = fn or (lambda ic, x_, y_, gb: dataset_fn(ic, x_, y_, gb, naive=naive))
    per_worker = []
    for i in range(n_workers):
        ctx = tf.distribute.InputContext(num_input_pipelines=n_workers, input_pipeline_id=i,
                                         num_replicas_in_sync=n_workers)
        ds = fn(ctx, x, y, global_batch_size)
        if ds is None:
            return None
        per_worker.append([np.asarray(b[0]).ravel().astype(int).tolist() for b in ds])
    steps = min(len(p) for p in per_worker)
    if any(len(p) != steps for p in per_worker):  # some worker would wait forever for the others
        raise ValueError(f"the workers have different numbers of steps {[len(p) for p in per_worker]}; "
                         f"use drop_remainder=True and whole global batches")
    return [sorted(sum((p[k] for p in per_worker), [])) for k in range(steps)]


def check_sharding(n_examples: int, global_batch_size: int, n_workers: int, naive: bool = False, fn=None):
    """Raise ``ValueError`` unless the workers' shards of step k are exactly global batch k;
    return the number of steps per epoch."""
    ids = np.arange(n_examples)
    batches = global_batches(ids, ids, global_batch_size, n_workers, naive, fn)
    expected = [list(range(k * global_batch_size, (k + 1) * global_batch_size))
                for k in range(n_examples // global_batch_size)]
    if batches != expected:
        sizes = sorted({len(b) for b in batches})
        raise ValueError(
            f"the workers' shards do not form the global batches: {len(batches)} steps of {sizes} examples "
            f"instead of {len(expected)} steps of {global_batch_size}. Shard first, then batch by "
            f"global_batch_size // n_workers (gpukit.cluster.dataset_fn)")
    return len(batches)


def _worker_threads():
    from ._tf import tf

    try:  # two processes share 2 cores: one intra-op thread each avoids oversubscription
        tf.config.threading.set_intra_op_parallelism_threads(1)
    except RuntimeError:
        pass


def train_mwms(ctx, *, epochs: int = 3, global_batch_size: int = 32, n_examples: int = 512,
               hidden=(32,), learning_rate: float = 1e-2, seed: int = 0, checkpoint_dir=None,
               collective_timeout=None, naive_sharding: bool = False, data=None):
    """MultiWorkerMirroredStrategy custom training loop (runs in every worker; lesson 02).

    Same loss arithmetic as ``gpukit.training`` (per-example loss / global batch, optimizer
    built in scope). Fixed data order (no shuffle), so the result equals single-process training
    on the same global batch. With ``checkpoint_dir``: the chief saves there after every epoch,
    the others save to a private temp dir (all must call save: it is a collective); a relaunch
    restores the latest checkpoint and continues at the saved epoch.
    ``collective_timeout`` (s) turns a hung peer into ``DeadlineExceededError``.
    ``data=(x, y)`` (from ``training_data`` in the launching process) saves each worker loading
    scikit-learn's digits itself: start-up is the expensive part of a small cluster run.
    """
    _worker_threads()
    from . import models, training
    from ._tf import keras, tf

    options = None
    if collective_timeout:
        options = tf.distribute.experimental.CommunicationOptions(timeout_seconds=collective_timeout)
    x, y = data if data is not None else training_data(n_examples, global_batch_size)
    if len(x) % global_batch_size:  # checked before any worker waits for the others
        raise ValueError(f"{len(x)} examples are not whole global batches of {global_batch_size}: every "
                         f"worker must run the same number of steps; use gpukit.cluster.training_data")
    strategy = tf.distribute.MultiWorkerMirroredStrategy(communication_options=options)
    n_replicas = strategy.num_replicas_in_sync
    per_replica = global_batch_size // n_replicas
    if per_replica * n_replicas != global_batch_size:
        raise ValueError(f"global_batch_size={global_batch_size} is not divisible by {n_replicas} replicas")
    dist = strategy.distribute_datasets_from_function(
        lambda ic: dataset_fn(ic, x, y, global_batch_size, naive=naive_sharding))
    with strategy.scope():
        model = models.mlp(input_shape=x.shape[1:], hidden=hidden, seed=seed)
        optimizer = keras.optimizers.Adam(learning_rate)
        epoch_var = tf.Variable(0, dtype=tf.int64, trainable=False)
    train_step = training.make_train_step(strategy, model, optimizer, global_batch_size)

    manager = None
    start_epoch = 0
    if checkpoint_dir:
        ckpt = tf.train.Checkpoint(model=model, optimizer=optimizer, epoch=epoch_var)
        latest = tf.train.latest_checkpoint(checkpoint_dir)
        if latest:
            ckpt.restore(latest).assert_existing_objects_matched()
            start_epoch = int(epoch_var.numpy())
        write_dir = checkpoint_dir if ctx.is_chief else os.path.join(ctx.workdir, "ckpt-tmp")
        manager = tf.train.CheckpointManager(ckpt, write_dir, max_to_keep=2)
    ctx.report("start", start_epoch=start_epoch, per_replica_batch_size=per_replica)
    print(f"{ctx.name}: {n_replicas} replicas, global batch {global_batch_size} = {per_replica} x "
          f"{n_replicas}, starting at epoch {start_epoch}")
    history = {"loss": [], "accuracy": []}
    steps = 0
    for epoch in range(start_epoch, epochs):
        total_loss = total_correct = 0.0
        steps = 0
        for batch in dist:
            ctx.report("step_begin", epoch=epoch, step=steps)
            loss, correct = train_step(batch)
            total_loss += float(loss)
            total_correct += float(correct)
            ctx.report("step_end", epoch=epoch, step=steps, loss=float(loss))
            steps += 1
        history["loss"].append(total_loss / steps)
        history["accuracy"].append(total_correct / (steps * global_batch_size))
        if manager is not None:
            epoch_var.assign(epoch + 1)
            manager.save()
            if not ctx.is_chief:

                shutil.rmtree(manager.directory, ignore_errors=True)
        ctx.report("epoch_end", epoch=epoch, loss=history["loss"][-1])
        print(f"{ctx.name}: epoch {epoch + 1}/{epochs} loss {history['loss'][-1]:.4f}")
    return {"history": history, "weights": model.get_weights(), "start_epoch": start_epoch,
            "steps_per_epoch": steps, "global_batch_size": global_batch_size,
            "per_replica_batch_size": per_replica, "num_replicas": n_replicas}


def train_single(*, epochs=3, global_batch_size=32, n_examples=512, hidden=(32,), learning_rate=1e-2, seed=0):
    """The single-process reference for ``train_mwms``: same data order, model, optimizer, loss."""
    from . import models, training
    from ._tf import keras, tf

    x, y = training_data(n_examples, global_batch_size)
    strategy = tf.distribute.get_strategy()
    model = models.mlp(input_shape=x.shape[1:], hidden=hidden, seed=seed)
    optimizer = keras.optimizers.Adam(learning_rate)
    history = training.train(strategy, model, optimizer, (x, y), global_batch_size=global_batch_size,
                             epochs=epochs)
    return {"history": history.history, "weights": model.get_weights()}


def train_ps(ctx, *, steps: int = 24, batch_size: int = 32, hidden=(64,), learning_rate: float = 0.05,
             seed: int = 0, work: int = 0):
    """ParameterServerStrategy with ``ClusterCoordinator.schedule`` (runs on the chief; lesson 02).

    Variables live on the parameter servers; ``schedule`` queues a step on whichever worker is
    free and returns at once, so updates are asynchronous: a step's gradient comes from weights
    that other workers may have updated meanwhile. To measure that, a ``clock`` weight lives
    next to the model's weights: each step reads it with the weights and advances it by exactly
    1 (an SGD update with gradient -1) together with its own update, and an atomic ``version``
    counter says how many updates were applied when the step finished:
    ``staleness = version_after - clock_read - 1`` = updates by others between read and apply.
    (Reading ``version`` itself at the start does not work: TensorFlow runs that read just
    before the ``assign_add`` on the parameter server, so it always shows 0.)
    It also counts steps twice: with ``keras.Variable.assign_add`` (read, add, write: two
    workers can read the same value and one increment is lost) and with the underlying
    ``tf.Variable.assign_add`` (one atomic op on the parameter server).
    """
    _worker_threads()
    from . import models
    from ._tf import keras, tf

    resolver = tf.distribute.cluster_resolver.TFConfigClusterResolver()
    strategy = tf.distribute.ParameterServerStrategy(resolver)
    coordinator = tf.distribute.coordinator.ClusterCoordinator(strategy)
    x, y = training_data(10 ** 6, batch_size)

    def per_worker_dataset():
        return tf.data.Dataset.from_tensor_slices((x, y)).repeat().batch(batch_size, drop_remainder=True)

    iterator = iter(coordinator.create_per_worker_dataset(per_worker_dataset))
    with strategy.scope():
        model = models.mlp(input_shape=x.shape[1:], hidden=hidden, seed=seed)
        optimizer = keras.optimizers.SGD(learning_rate)
        optimizer.build(model.trainable_variables)
        version = tf.Variable(0.0, trainable=False)  # number of updates applied so far
        clock = tf.Variable(0.0)  # advanced by 1 per update, by its own optimizer
        clock_optimizer = keras.optimizers.SGD(1.0)
        clock_optimizer.build([clock])
        zero = tf.Variable(0.0, trainable=False)
        keras_count = keras.Variable(0.0, trainable=False, name="keras_count")
        tf_count = keras.Variable(0.0, trainable=False, name="tf_count")
    loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction=None)

    @tf.function
    def step(it):
        def replica_step(xb, yb):
            seen = tf.identity(clock)  # read with the model's weights
            # the forward pass depends on `seen` (zero is a variable: no optimizer folds it away),
            # so TensorFlow cannot postpone this read to the end of the step
            xb = xb + zero * seen
            for _ in range(work):  # stands in for a bigger model: a longer step
                xb += zero * tf.reduce_sum(tf.matmul(tf.tile(xb, [1, 8]), tf.tile(xb, [1, 8]), transpose_a=True))
            with tf.GradientTape() as tape:
                per_example = loss_fn(yb, model(xb, training=True))
                loss = tf.nn.compute_average_loss(per_example, global_batch_size=batch_size)
            grads = tape.gradient(loss, model.trainable_variables)
            optimizer.apply_gradients(zip(grads, model.trainable_variables))
            clock_optimizer.apply_gradients([(tf.constant(-1.0), clock)])  # clock += 1
            applied = version.assign_add(1.0)
            keras_count.assign_add(1.0)  # the pitfall: read + add + assign
            tf_count.value.assign_add(1.0)  # the fix: one atomic op on the ps
            return loss, applied - seen - 1

        return strategy.run(replica_step, args=next(it))

    ctx.report("ready_to_schedule")
    t0 = time.time()
    remote = [coordinator.schedule(step, args=(iterator,)) for _ in range(steps)]
    coordinator.join()
    values = [r.fetch() for r in remote]
    seconds = time.time() - t0
    return {"loss": [float(v[0]) for v in values], "staleness": [int(round(float(v[1]))) for v in values],
            "steps": steps, "version": int(round(float(version.numpy()))), "keras_count": float(keras_count.numpy()),
            "tf_count": float(tf_count.numpy()), "seconds": seconds}


# ----------------------------------------------------------------------------------------------
# CentralStorageStrategy (one machine, variables in one place) and the exercise comparators
# ----------------------------------------------------------------------------------------------

def central_storage(compute_devices=None, parameter_device: str = "/cpu:0"):
    """``CentralStorageStrategy``: one process, the replicas compute on ``compute_devices``
    (default: every logical device), the variables live once on ``parameter_device``.
    Fits one machine whose accelerators cannot hold a copy of the weights each, or when the
    weights are large and the devices few; the updates are synchronous like Mirrored."""
    from . import devices
    from ._tf import tf

    names = list(compute_devices) if compute_devices is not None else devices.replica_devices()
    return tf.distribute.experimental.CentralStorageStrategy(compute_devices=names,
                                                             parameter_device=parameter_device)


def fit_history(strategy, x, y, *, epochs=2, global_batch_size=32, learning_rate=1e-2, seed=0):
    """Keras ``fit`` under ``strategy`` (or none): ``(model, history dict)``, fixed data order."""
    import contextlib

    from . import models
    from ._tf import keras

    with strategy.scope() if strategy is not None else contextlib.nullcontext():
        model = models.mlp(input_shape=x.shape[1:], seed=seed)
        model.compile(optimizer=keras.optimizers.Adam(learning_rate), metrics=["accuracy"],
                      loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    history = model.fit(x, y, batch_size=global_batch_size, epochs=epochs, shuffle=False, verbose=0)
    return model, history.history
