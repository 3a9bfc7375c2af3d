"""Start N Python processes, watch them, and never leave one behind (used by lesson 02's cluster).

``launch(processes, ...)`` is a small process supervisor; ``gpukit.cluster.run`` builds one
``Process`` per TensorFlow task (its TF_CONFIG in ``env``) and calls it. In order:

1. **Start**: each ``Process`` becomes ``python -m gpukit.launch.supervisor SPEC`` in its own session,
   with its own environment (``child_env``: this one, plus the gpukit checkout on
   ``PYTHONPATH`` and GPU memory growth unless set) and a log file; or, given ``preload`` modules on
   a machine without GPU/TPU, a child forked from a server that imported them once
   (``gpukit.launch.forkserver``), set up the same way and running the same ``main``. The child (``main`` at the bottom of this file) asks the
   kernel to kill it when the parent dies (``PR_SET_PDEATHSIG``), finds its target (imported
   by name, or sent as source when it was defined in a notebook cell), calls
   ``target(ctx, **kwargs)`` and writes the return value (pickle) or the exception (JSON).
2. **Watch**: output is streamed with a ``[name]`` prefix (TensorFlow's C++ log noise stays in
   the log files); every wait has a limit (``start_timeout``, ``timeout``, ``error_timeout``);
   ``ctx.report(event, ...)`` lines are read back, and a ``Fault`` kills (SIGKILL) or freezes
   (SIGSTOP) a process when it reports a given epoch and step.
3. **Clean up**: every child and whatever it started is killed on return, on any exception
   (``KeyboardInterrupt`` included) and, through ``PR_SET_PDEATHSIG``, when this process dies.

Plain Python: no TensorFlow here.
"""

from __future__ import annotations

import codecs
import dataclasses
import datetime
import importlib
import inspect
import json
import math
import os
import pickle
import re
import signal
import subprocess
import sys
import textwrap
import threading
import time
import traceback
import types
import warnings

from .._args import whole
from .._scratch import temporary_folder
from ..runtime import ROOT  # the folder that holds the gpukit package
from . import forkserver
from .processes import CHILD_DEFAULTS, PR_SET_PDEATHSIG, alive, child_env, die_with_parent  # noqa: F401 (alive: cluster's)
from .processes import kill as _kill
from .processes import pdeathsig_hook as _pdeathsig_hook


class ClusterError(RuntimeError):
    """A launched run went wrong; the message names the process and its log file."""


class WorkerError(ClusterError):
    """A process's target raised: ``.task``, ``.error_type``, ``.traceback`` (the child's) and ``.log``."""

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

    def fires_at(self, event: dict) -> bool:
        """True for a ``step_begin`` event at (``epoch``, ``step``) or later."""
        return (event.get("event") == "step_begin"
                and (event.get("epoch", -1), event.get("step", -1)) >= (self.epoch, self.step))

    @property
    def signal(self) -> int:
        return signal.SIGKILL if self.kind == "kill" else signal.SIGSTOP


# How long a faulted process waits at the fault for the launcher's signal before sending it itself.
FAULT_HOLD_S = 30.0


@dataclasses.dataclass
class Context:
    """What ``target(ctx, ...)`` gets in each process (``gpukit.cluster.WorkerContext`` adds
    the TensorFlow task)."""

    name: str
    run_dir: str
    workdir: str
    _events: str = ""
    _fault: dict | None = None  # the launch's Fault (as a dict), given to the task it hits only

    def report(self, event: str, **fields) -> None:
        """Append an event (with a wall-clock time) to this process's events file; the launcher
        reads it to inject faults and to draw the step timeline.

        The event a ``Fault`` fires at is reported, then this process holds there until the
        launcher's signal lands: without the hold it would run on (past the next collective, even
        past an epoch's checkpoint on a busy machine) before the signal arrived, and where the
        fault struck would depend on the machine's load. Planted bug it catches: a kill at epoch 1
        step 2 after which the chief still saves epoch 1's checkpoint (tests/test_launcher.py)."""
        record = {"event": event, "t": time.time(), **fields}
        with open(self._events, "a") as f:
            f.write(json.dumps(record) + "\n")
        fault = Fault(**self._fault) if self._fault is not None else None
        if fault is not None and fault.fires_at(record):
            deadline = time.monotonic() + FAULT_HOLD_S
            while time.monotonic() < deadline:  # the launcher polls the events file every few ms
                time.sleep(0.01)
            os.kill(os.getpid(), fault.signal)  # the launcher is gone or stuck: fault anyway


@dataclasses.dataclass
class Process:
    """One process to start: ``target(ctx, **kwargs)`` with ``env`` added to its environment.

    ``main=False``: a helper (e.g. a parameter server) whose return is not awaited; it is
    stopped when every main process has finished. ``context`` names the ``Context`` class
    ('module:Class') built in the child with ``context_fields``.
    """

    name: str
    target: object
    kwargs: dict = dataclasses.field(default_factory=dict)
    env: dict = dataclasses.field(default_factory=dict)
    main: bool = True
    context: str = "gpukit.launch.supervisor:Context"
    context_fields: dict = dataclasses.field(default_factory=dict)


@dataclasses.dataclass
class RunResult:
    """What ``launch`` returns. ``results[name]`` is what ``target`` returned in that process."""

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


# Every child this module started (its handle), in start order, so tests and atexit can check / clean up. A list, not
# a dict keyed by pid: the system reuses a reaped pid, and a new child filed under an old child's pid hid it (a
# fresh-clone CI run: test_no_process_left_behind found no new pid).
_STARTED: list[subprocess.Popen] = []


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
# TensorFlow 2.20 writes the same line with its own logger, stamped in local time:
# "2026-11-26 10:03:22.165239: E tensorflow/core/common_runtime/base_collective_executor.cc:248] ...StartAbort ..."
_ABORT_TF220 = re.compile(r"^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d+): [EF] .*StartAbort ([A-Z_]+): (.*)$")


def _abort_line(line: str):
    """``(Unix time, status code, message)`` of a ``StartAbort`` log line (either format), else None."""
    m = _ABORT.search(line)
    if m:
        return float(m.group(1)), m.group(2), m.group(3)
    m = _ABORT_TF220.search(line)
    if m:
        stamp = datetime.datetime.strptime(m.group(1), "%Y-%m-%d %H:%M:%S.%f").timestamp()   # local time
        return stamp, m.group(2), m.group(3)
    return None
_STATUS = {"DEADLINE_EXCEEDED": "DeadlineExceededError", "UNAVAILABLE": "UnavailableError",
           "ABORTED": "AbortedError", "INTERNAL": "InternalError", "CANCELLED": "CancelledError"}


def _note_started(proc) -> None:
    """Files a child just started (its handle, after every earlier one: never by pid)."""
    _STARTED.append(proc)


def started_pids() -> list[int]:
    """Pids of every process ``run`` started in this Python process (alive or not), in start order: the list only
    grows, so ``started_pids()[len(before):]`` are the processes started since ``before``. A pid can appear twice
    (the system reuses a reaped pid): never tell new processes from old ones by their pids."""
    return [proc.pid for proc in list(_STARTED)]


def running_pids() -> list[int]:
    """Pids of the processes ``run`` started in this Python process that have not exited, asked of each
    process's own handle (``poll``), never of the pid: a reaped pid is reused by the system (pid_max is
    32768 on many machines), so ``alive(pid)`` on an old pid can see a stranger's process."""
    return sorted({proc.pid for proc in list(_STARTED) if proc.poll() is None})


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
    def __init__(self, name, run_dir):
        self.name = name
        self.slug = slug = name.replace(" ", "-")
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
                    found = _abort_line(line) or found
        except FileNotFoundError:
            pass
        if found is None:
            return {"type": f"exit code {code}", "message": "the process died without a Python traceback",
                    "traceback": _tail(self.log), "t": time.time()}
        stamp, status, message = found
        return {"type": _STATUS.get(status, status),
                "message": message.strip() + f" (then the process aborted, exit code {code})",
                "traceback": _tail(self.log), "t": stamp}


def _check_seconds(**values) -> None:
    for name, value in values.items():
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value <= 0:
            raise ValueError(f"{name}={value!r} must be a positive, finite number of seconds")


def launch(processes, *, fault: Fault | None = None, timeout: float = 300.0, start_timeout: float = 120.0,
           error_timeout: float = 60.0, log_dir=None, stream=True, python=None,
           prefix: str = "gpukit-run-", preload=()) -> RunResult:
    """Start every ``Process``, supervise them and return a ``RunResult``.

    Waits have limits: ``start_timeout`` for every process to reach its ``target``,
    ``timeout`` for the whole run, ``error_timeout`` for survivors of a ``fault`` to stop.
    A target that raises → ``WorkerError`` with its traceback (the others are killed first).
    With a ``fault``, the survivors' errors are expected: they are returned in
    ``RunResult.errors`` with the seconds from the fault to each error. Every argument is
    checked before any folder or process exists. The run's folder (specs, one log file per
    process, events) is ``log_dir``, kept, or by default a ``gpukit.temporary_folder``: still
    there while this Python process runs (an error message names its log), removed when it
    exits, even when it is killed (by the next run anywhere). Pass ``log_dir`` to keep the logs.
    ``preload``: modules every target needs (``gpukit.cluster.run`` passes TensorFlow's): where
    ``forkserver.usable()`` and no ``python`` is given, the processes are forked from a server that
    imported them once (``gpukit.launch.forkserver``) instead of each importing them again.
    """
    processes = list(processes)
    if not processes:
        raise ValueError("no processes to launch")
    _check_seconds(timeout=timeout, start_timeout=start_timeout, error_timeout=error_timeout)
    names = [p.name for p in processes]
    if len(set(names)) != len(names):
        raise ValueError(f"process names must be unique, got {names}")
    if fault is not None and fault.task not in names:
        raise ValueError(f"Fault task {fault.task!r} is not in this cluster (tasks: {names})")
    specs = []
    for p in processes:
        kwargs = _ship_kwargs(dict(p.kwargs or {}))
        try:  # everything sent to the children must pickle; find out before any folder or process exists
            pickle.dumps(kwargs)
        except Exception as err:  # noqa: BLE001 - pickle raises many types
            raise ValueError(f"kwargs cannot be sent to the workers ({type(err).__name__}: {err}); pass plain "
                             f"data (numbers, strings, lists, numpy arrays) or module-level functions") from None
        specs.append((_target_spec(p.target), kwargs))
    run_dir = log_dir or temporary_folder(prefix)  # removed at exit (or once this process is gone)
    os.makedirs(run_dir, exist_ok=True)
    # the children's TMPDIR: they leave with os._exit (or are killed), so nothing of theirs runs
    # atexit, and TensorFlow's autograph files (__autograph_generated_file*.py) would stay behind
    scratch = os.path.join(run_dir, "tmp") if log_dir is None else temporary_folder(prefix + "tmp-")
    out = sys.stdout if stream else None
    tasks = []
    for p, (target, kwargs) in zip(processes, specs):
        task = _Task(p.name, run_dir)
        task.main = p.main
        task.env = child_env(**{"TMPDIR": os.path.join(scratch, task.slug), **p.env},
                             GPUKIT_PARENT_PID=str(os.getpid()), PYTHONUNBUFFERED="1")
        os.makedirs(task.env["TMPDIR"], exist_ok=True)
        task_spec = {"target": target, "kwargs": kwargs, "result": task.result_path, "error": task.error_path,
                     "context": p.context,
                     "context_fields": dict(p.context_fields, name=p.name, run_dir=run_dir,
                                            workdir=task.workdir, _events=task.events_path,
                                            _fault=dataclasses.asdict(fault) if fault and fault.task == p.name
                                            else None)}
        os.makedirs(task.workdir, exist_ok=True)
        task.spec_path = os.path.join(run_dir, f"{task.slug}.spec.pkl")
        with open(task.spec_path, "wb") as f:
            pickle.dump(task_spec, f)
        tasks.append(task)

    started = time.time()
    result = RunResult({}, {}, {t.name: t.log for t in tasks}, run_dir, started, fault)
    command = list(python) if isinstance(python, (list, tuple)) else [python or sys.executable]
    try:
        server = None
        if preload and python is None and forkserver.usable():
            server = forkserver.server(command, tasks[0].env, str(ROOT), tuple(preload), start_timeout)
        for task in tasks:
            if server is not None:
                try:
                    task.proc = server.spawn("gpukit.launch.supervisor:main", [task.spec_path], task.env, task.log,
                                             str(ROOT), timeout=start_timeout)
                except RuntimeError as err:  # the server died: this task and the next start as new interpreters
                    warnings.warn(forkserver.FALLBACK.format(err), RuntimeWarning, stacklevel=2)
                    server = None
            if server is None:
                with open(task.log, "wb") as log:
                    task.proc = subprocess.Popen(command + ["-m", "gpukit.launch.supervisor", task.spec_path],
                                                 stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                                 env=task.env, cwd=str(ROOT), start_new_session=True)
            _note_started(task.proc)
        _supervise(tasks, result, fault, out, started, timeout, start_timeout, error_timeout)
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
                        and fault.fires_at(event)):
                    os.kill(task.proc.pid, fault.signal)  # the task holds at this event until it lands
                    result.fault_time = event["t"]  # when the task stopped making progress
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
# Plain commands (``python -m gpukit launch``): unmodified scripts, no target function
# ----------------------------------------------------------------------------------------------

@dataclasses.dataclass
class Command:
    """One plain command to supervise: ``argv`` with ``env`` added to this environment.
    ``main=False``: a helper (a parameter server) that runs until the main commands are done."""

    name: str
    argv: list
    env: dict = dataclasses.field(default_factory=dict)
    main: bool = True


@dataclasses.dataclass
class CommandsResult:
    """What ``run_commands`` returns. ``code``: 0, the exit code of the first command that failed
    (128 + signal number when a signal ended it), 124 on timeout, 130 on Ctrl-C."""

    code: int
    reason: str  # "ok", "failed", "timeout", "interrupted"
    started: float
    pids: dict  # name -> pid (each command leads its own process group)
    failed: str | None = None  # name of the first command that failed
    returncode: int | None = None  # its Popen.returncode (0: a helper that left before the main commands)
    failure_time: float | None = None  # when its exit (or the timeout / Ctrl-C) was seen
    gone_time: float | None = None  # when every process of every group was gone
    first_output: dict = dataclasses.field(default_factory=dict)  # name -> time of its first line
    exceptions: dict = dataclasses.field(default_factory=dict)  # name -> its first Python exception line
    hidden: int = 0  # log lines not shown (TensorFlow's C++ start-up log, a tensor's printed values)
    not_shown: int = 0  # lines of the tasks left out by ``show``
    cut: int = 0  # unfinished last lines of tasks stopped mid-line (left out: no half lines)

    @property
    def teardown_seconds(self) -> float | None:
        """From the failure (timeout, Ctrl-C) to every process, children included, gone."""
        if self.failure_time is None or self.gone_time is None:
            return None
        return self.gone_time - self.failure_time


def exit_code(returncode: int) -> int:
    """A shell's exit code for a ``Popen.returncode``: a signal N (returncode -N) gives 128 + N."""
    return 128 - returncode if returncode < 0 else returncode


def group_members(pgids) -> list[int]:
    """Pids of the live (not zombie) processes whose process group is in ``pgids`` (reads /proc)."""
    pgids, found = set(pgids), []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if fields[0] != "Z" and int(fields[2]) in pgids:
            found.append(int(entry))
    return found


# A script's lines that a quiet launch does not show: TensorFlow's C++ log (info and warnings, e.g.
# "I0000 00:00:... cpu_feature_guard.cc:227] ...", the absl notice, "failed call to cuInit" on a CPU)
_TF_LOG = re.compile(r"^([IW]\d{4} \d\d:\d\d:\d+\.\d+\s+\d+ \S+:\d+\]|\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d+: [IW] |"
                     r"WARNING: All log messages before absl::InitializeLog|To enable the following instructions|"
                     r"E\d{4} \d\d:\d\d:\d+\.\d+\s+\d+ cuda_(platform|executor)\.cc|/job:\S+$)")
# The last line of a Python traceback: "SomeError: message" (dotted names too)
_EXCEPTION = re.compile(r"^([A-Za-z_][\w.]*(Error|Exception|Exit|Interrupt))(: .*|$)")
# Terminal colours: Python 3.13 colours its tracebacks when FORCE_COLOR is set, and ipykernel 7 sets
# FORCE_COLOR=1 in the kernel, so a launch from a notebook cell prints "\x1b[1;35mValueError\x1b[0m: ..."
_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")


# A progress bar redrawn in place (Keras' writes "\b" * width + "\r" + the new bar) becomes whole
# lines: at most one line per task every PROGRESS_EVERY seconds, and the bar's last state.
PROGRESS_EVERY = 5.0


class _Lines:
    """Whole lines from a stream that may redraw a line in place. The text before a carriage return
    or a run of backspaces is one frame of a progress bar: it becomes a line of its own, at most one
    every ``every`` seconds (the first always); the frame a newline ends is always a line."""

    _SPLIT = re.compile(r"(\n|\r|\x08+)")

    def __init__(self, every: float = PROGRESS_EVERY, clock=time.monotonic):
        self.every, self.clock = every, clock
        self.current, self.last_frame = "", None

    def feed(self, text: str) -> list[str]:
        lines = []
        for piece in self._SPLIT.split(text):
            if piece == "\n":
                lines.append(self.current)
                self.current = ""
            elif piece == "\r" or piece.startswith("\x08"):
                if self.current.strip():
                    now = self.clock()
                    if self.last_frame is None or now - self.last_frame >= self.every:
                        lines.append(self.current)
                        self.last_frame = now
                self.current = ""
            else:
                self.current += piece
        return lines

    def rest(self) -> str:
        """The unfinished last line (no newline yet), if any."""
        rest, self.current = self.current, ""
        return rest


def _pump(name, pipe, out, lock, result, quiet=False, show=True, stopped=frozenset()):
    """Copy ``pipe`` to ``out`` as whole lines with a ``[name]`` prefix (a thread per command);
    a progress bar's redrawn frames become lines (``_Lines``). ``quiet``: leave out TensorFlow's
    C++ info/warning log and the values of a tensor printed inside an exception message (counted
    in ``result.hidden``); ``show=False``: print nothing of this task (``result.not_shown``);
    remember each task's first exception line in ``result.exceptions``. A last line without its
    newline from a task the launcher stopped (its name in ``stopped`` by then) is left out
    (``result.cut``): a process killed mid-write would leave half a line."""
    values = False  # inside "ValueError: Attempt to convert a value (PerReplica:{ ... })"
    lines, decoder = _Lines(), codecs.getincrementaldecoder("utf-8")(errors="replace")

    def emit(line):
        nonlocal values
        plain = _ANSI.sub("", line) if "\x1b[" in line else line   # a coloured traceback (FORCE_COLOR)
        found = _EXCEPTION.match(plain)
        if found and name not in result.exceptions:
            result.exceptions[name] = plain if len(plain) <= 300 else plain[:297] + "..."
        keep = True
        if quiet:
            if values:
                keep, values = False, "to a Tensor" not in line
                if not values:
                    line, keep = f"    ... {line.strip()}", True
            elif found and "(PerReplica:{" in line:
                values = "to a Tensor" not in line
            elif _TF_LOG.match(line):
                keep = False
        if not keep:
            result.hidden += 1
        elif not show:
            result.not_shown += 1
        else:
            with lock:
                out.write(f"[{name}] {line}\n")
                out.flush()

    fd = pipe.fileno()
    while True:
        chunk = os.read(fd, 65536)
        if not chunk:
            break
        result.first_output.setdefault(name, time.time())
        for line in lines.feed(decoder.decode(chunk)):
            emit(line)
    for line in lines.feed(decoder.decode(b"", final=True)):
        emit(line)
    rest = lines.rest()
    if rest.strip():
        if name in stopped:
            result.cut += 1
        else:
            emit(rest)
    pipe.close()


def run_commands(commands, *, timeout: float | None = None, out=None, cwd=None,
                 grace: float = 10.0, quiet: bool = False, show=None) -> CommandsResult:
    """Start every ``Command`` in its own process group, prefix its output with ``[name]`` and
    stop them all (the whole group: what a script started dies with it) when one fails, when
    the main commands are done, on ``timeout`` (s), on Ctrl-C (``KeyboardInterrupt`` in this
    process) and on any exception. Returns a ``CommandsResult``; never raises for a command's
    failure. ``grace`` (s): how long to wait for the killed processes to disappear. ``quiet``:
    TensorFlow's C++ start-up log is left out of the output (see ``_pump``). ``show``: the names
    of the commands whose output is printed (default all); the others' first exception is still read.
    """
    commands = list(commands)
    if not commands:
        raise ValueError("no commands to run")
    names = [c.name for c in commands]
    if len(set(names)) != len(names):
        raise ValueError(f"command names must be unique, got {names}")
    if timeout is not None:
        _check_seconds(timeout=timeout)
    if show is not None and not set(show) <= set(names):
        raise ValueError(f"show={sorted(show)}: not among the commands {names}")
    out = out or sys.stdout
    lock = threading.Lock()
    result = CommandsResult(0, "ok", time.time(), {})
    procs, pumps, stopped = [], [], set()
    hook = _pdeathsig_hook()

    def finish():
        for proc in procs:
            if proc.poll() is None:
                stopped.add(proc.gpukit_name)  # before the kill: its pump then drops an unfinished line
            _kill(proc)  # SIGKILL to its group, then reap it
        deadline = time.time() + grace
        while group_members(result.pids.values()) and time.time() < deadline:
            time.sleep(0.01)
        result.gone_time = time.time()
        for pump in pumps:
            pump.join(timeout=2)

    try:
        for c in commands:
            env = dict(os.environ, **c.env, PYTHONUNBUFFERED="1")
            proc = subprocess.Popen(list(c.argv), stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                    stdin=subprocess.DEVNULL, env=env, cwd=cwd, start_new_session=True,
                                    preexec_fn=hook)
            procs.append(proc)
            proc.gpukit_name, proc.gpukit_main = c.name, c.main
            _note_started(proc)
            result.pids[c.name] = proc.pid
            pump = threading.Thread(target=_pump, args=(c.name, proc.stdout, out, lock, result, quiet,
                                                        show is None or c.name in show, stopped), daemon=True)
            pump.start()
            pumps.append(pump)
        deadline = None if timeout is None else result.started + timeout
        while True:
            for proc in procs:
                code = proc.poll()
                if code is not None and (code != 0 or not proc.gpukit_main):
                    result.returncode = code
                    if code == 0:
                        code = 1  # a helper must not leave before the main commands are done
                    result.code, result.reason, result.failed = exit_code(code), "failed", proc.gpukit_name
                    result.failure_time = time.time()
                    return result
            if all(p.returncode == 0 for p in procs if p.gpukit_main):
                return result
            if deadline is not None and time.time() > deadline:
                result.code, result.reason, result.failure_time = 124, "timeout", time.time()
                return result
            time.sleep(0.02)
    except KeyboardInterrupt:
        result.code, result.reason, result.failure_time = 130, "interrupted", time.time()
        return result
    finally:
        finish()


# ----------------------------------------------------------------------------------------------
# In the child: ``python -m gpukit.launch.supervisor SPEC``
# ----------------------------------------------------------------------------------------------

def _resolve(target: dict):
    if "import" in target:
        module, _, name = target["import"].partition(":")
        obj = importlib.import_module(module)
        for part in name.split("."):
            obj = getattr(obj, part)
        return obj
    namespace = {"__name__": "__gpukit_worker__", **target.get("constants", {})}
    for alias, module in target.get("modules", {}).items():
        if module.split(".")[0] in ("tensorflow", "keras", "tf_keras"):
            import gpukit._tf  # noqa: F401  (TensorFlow without its start-up noise)
        namespace[alias] = importlib.import_module(module)
    exec(compile(target["source"], f"<{target['name']}>", "exec"), namespace)
    return namespace[target["name"]]


def _resolve_kwargs(kwargs: dict) -> dict:
    return {k: _resolve(v["__gpukit_function__"]) if isinstance(v, dict) and "__gpukit_function__" in v else v
            for k, v in kwargs.items()}


def main(spec_path: str) -> None:
    """Run one process's target and leave with ``os._exit`` (no TensorFlow shutdown hook can hang it)."""
    die_with_parent()
    with open(spec_path, "rb") as f:
        spec = pickle.load(f)
    ctx = _resolve({"import": spec["context"]})(**spec["context_fields"])
    code = 0
    try:
        target = _resolve(spec["target"])
        ctx.report("ready", pid=os.getpid())
        value = target(ctx, **_resolve_kwargs(spec["kwargs"]))
        with open(spec["result"] + ".tmp", "wb") as f:
            pickle.dump(value, f)
        os.replace(spec["result"] + ".tmp", spec["result"])
    except BaseException as e:  # noqa: BLE001 - everything must reach the parent
        code = 1
        tb = traceback.format_exc()
        with open(spec["error"] + ".tmp", "w") as f:
            json.dump({"type": type(e).__name__, "message": str(e)[-4000:], "traceback": tb, "t": time.time()}, f)
        os.replace(spec["error"] + ".tmp", spec["error"])
        sys.stderr.write(tb)  # kept in the log file; the launcher streams a one-line summary
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


if __name__ == "__main__":
    main(sys.argv[1])
