"""gpukit.launch.supervisor: start processes with their own environment, stream their output, time out
every wait, inject faults, and leave no process behind on any exit path. No TensorFlow here:
the targets are plain Python (TensorFlow's use of it is tested in test_cluster.py).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
import textwrap
import threading
import time

import numpy as np
import pytest

from gpukit.launch import supervisor as launcher

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _workers(target, n, kwargs=None, **fields):
    return [launcher.Process(f"worker {i}", target, kwargs=dict(kwargs or {}), **fields) for i in range(n)]


def _wait_until(predicate, timeout, what):
    deadline = time.time() + timeout
    while time.time() < deadline:
        if predicate():
            return
        time.sleep(0.05)
    raise AssertionError(f"timed out after {timeout} s waiting for {what}")


def _hello(ctx, greeting="hi"):
    import os

    print(f"{greeting} from {ctx.name}")
    return {"pid": os.getpid(), "env": os.environ.get("GPUKIT_TEST"), "name": ctx.name}


def test_launch_returns_results_streams_logs_and_cleans_up(tmp_path, capsys):
    procs = [launcher.Process(f"worker {i}", _hello, kwargs={"greeting": "hello"}, env={"GPUKIT_TEST": str(i)})
             for i in range(3)]
    result = launcher.launch(procs, log_dir=str(tmp_path), timeout=60)
    assert sorted(result.results) == ["worker 0", "worker 1", "worker 2"]
    assert [result.results[f"worker {i}"]["env"] for i in range(3)] == ["0", "1", "2"]  # each its own env
    out = capsys.readouterr().out
    for i in range(3):
        assert f"[worker {i}] hello from worker {i}" in out
        with open(result.logs[f"worker {i}"]) as f:
            assert f"hello from worker {i}" in f.read()
        assert any(e["event"] == "ready" for e in result.events[f"worker {i}"])
        assert not launcher.alive(result.results[f"worker {i}"]["pid"])


def test_child_env_puts_this_checkout_first_on_the_path():
    env = launcher.child_env(EXTRA="1")
    assert env["EXTRA"] == "1" and env["PYTHONPATH"].split(os.pathsep)[0] == ROOT


def _allow_growth(ctx):
    import os

    return os.environ.get("TF_FORCE_GPU_ALLOW_GROWTH")


def test_children_get_gpu_memory_growth_unless_the_caller_set_it(tmp_path, monkeypatch):
    monkeypatch.delenv("TF_FORCE_GPU_ALLOW_GROWTH", raising=False)
    procs = [launcher.Process("worker 0", _allow_growth),
             launcher.Process("worker 1", _allow_growth, env={"TF_FORCE_GPU_ALLOW_GROWTH": "false"})]
    result = launcher.launch(procs, log_dir=str(tmp_path), timeout=60)
    assert result.results == {"worker 0": "true", "worker 1": "false"}  # default; the caller's choice wins
    monkeypatch.setenv("TF_FORCE_GPU_ALLOW_GROWTH", "false")  # this process's own setting is kept too
    assert launcher.child_env()["TF_FORCE_GPU_ALLOW_GROWTH"] == "false"


def _steps(ctx, steps=8):
    """Reports step_begin for steps 0..steps-1 of epoch 0 and, after each, writes that it went on."""
    import json
    import os
    import time

    for step in range(steps):
        ctx.report("step_begin", epoch=0, step=step)
        with open(os.path.join(ctx.run_dir, ctx.name.replace(" ", "-") + "-after-steps.txt"), "a") as f:
            f.write(f"{step}\n")
    if ctx.name == "worker 0":  # stay until the launcher has seen worker 1's fault (or 60 s)
        events = os.path.join(ctx.run_dir, "worker-1.events.jsonl")
        deadline = time.time() + 60
        while time.time() < deadline:
            if os.path.exists(events) and any(json.loads(line).get("step") == 3 for line in open(events)):
                break
            time.sleep(0.01)
    return steps


@pytest.mark.parametrize("kind", ["kill", "stop"])
def test_a_faulted_task_never_runs_past_its_fault(tmp_path, kind):
    """The task a Fault hits holds at the event it fires at until the launcher's signal lands: it never
    ran a line past it, whatever the machine's load (before, it ran on until the signal arrived: under
    load the chief of tests/test_cluster.py saved a checkpoint after the kill)."""
    result = launcher.launch(_workers(_steps, 2), fault=launcher.Fault(kind, "worker 1", epoch=0, step=3),
                             log_dir=str(tmp_path), timeout=120, stream=False)
    assert result.results == {"worker 0": 8}
    with open(tmp_path / "worker-1-after-steps.txt") as f:
        assert f.read().split() == ["0", "1", "2"]
    assert result.fault_time == [e["t"] for e in result.events["worker 1"] if e.get("step") == 3][0]


def test_report_holds_at_the_fault_until_the_signal(tmp_path, monkeypatch):
    """In-process: at the fault's event, report() writes the event, then waits; it returns only if no
    signal comes in FAULT_HOLD_S, and then it sends the signal itself. Planted bug: a report() that
    returns at once (the faulted task runs on until the launcher's signal lands)."""
    sent = []

    class Signalled(Exception):
        pass

    def fake_kill(pid, sig):
        sent.append((pid, sig, time.monotonic()))
        raise Signalled

    monkeypatch.setattr(launcher.os, "kill", fake_kill)
    monkeypatch.setattr(launcher, "FAULT_HOLD_S", 0.2)
    events = tmp_path / "events.jsonl"
    ctx = launcher.Context("worker 1", str(tmp_path), str(tmp_path), str(events),
                           _fault={"kind": "stop", "task": "worker 1", "epoch": 1, "step": 2})
    ctx.report("step_begin", epoch=1, step=1)
    ctx.report("step_end", epoch=1, step=2)
    assert sent == []
    with pytest.raises(Signalled):
        ctx.report("step_begin", epoch=1, step=2)
    assert [(pid, sig) for pid, sig, _ in sent] == [(os.getpid(), signal.SIGSTOP)]
    assert [json.loads(line)["step"] for line in events.read_text().splitlines()] == [1, 2, 2]
    assert launcher.Fault("kill", epoch=1, step=2).fires_at({"event": "step_begin", "epoch": 2, "step": 0})
    assert not launcher.Fault("kill", epoch=1, step=2).fires_at({"event": "step_end", "epoch": 2, "step": 0})


def test_bad_arguments_fail_before_any_process_starts():
    before = launcher.started_pids()
    with pytest.raises(ValueError, match="kind"):
        launcher.Fault("explode")
    with pytest.raises(ValueError, match="not in this cluster"):
        launcher.launch(_workers(_hello, 2), fault=launcher.Fault("kill", "worker 5"))
    with pytest.raises(ValueError, match="timeout"):
        launcher.launch(_workers(_hello, 2), timeout=0)
    for bad in (float("nan"), float("inf"), True):
        with pytest.raises(ValueError, match="finite number of seconds"):
            launcher.launch(_workers(_hello, 2), start_timeout=bad)
    with pytest.raises(ValueError, match="unique"):
        launcher.launch([launcher.Process("a", _hello), launcher.Process("a", _hello)])
    with pytest.raises(ValueError, match="no processes"):
        launcher.launch([])
    folders = set(os.listdir(tempfile.gettempdir()))
    with pytest.raises(ValueError, match="kwargs cannot be sent to the workers"):
        launcher.launch(_workers(_hello, 1, {"greeting": threading.Lock()}))
    assert set(os.listdir(tempfile.gettempdir())) - folders == set(), "no run folder left behind"

    def outer():
        def inner(ctx):
            return 1
        return inner

    with pytest.raises(ValueError, match="nested"):
        launcher.launch(_workers(outer(), 1))
    with pytest.raises(ValueError, match="module:function"):
        launcher.launch(_workers("no_colon", 1))
    assert launcher.started_pids() == before


def _fail_on_worker_1(ctx):
    import time

    if ctx.name == "worker 1":
        raise ZeroDivisionError("worker 1 divided by zero on purpose")
    time.sleep(120)


def _sleep(ctx, seconds=120):
    import time

    time.sleep(seconds)



def test_a_worker_that_raises_reaches_the_caller_and_stops_the_others(tmp_path):
    before = len(launcher.started_pids())
    start = time.time()
    with pytest.raises(launcher.WorkerError, match="worker 1 failed with ZeroDivisionError") as info:
        launcher.launch(_workers(_fail_on_worker_1, 2), log_dir=str(tmp_path), timeout=100)
    assert time.time() - start < 60  # not the 120 s sleep of worker 0 (a hang check, not a benchmark)
    assert "divided by zero on purpose" in info.value.traceback
    assert "_fail_on_worker_1" in info.value.traceback
    assert info.value.log.endswith("worker-1.log")
    new = launcher.started_pids()[before:]
    assert len(new) == 2 and not set(new) & set(launcher.running_pids())


def _die_silently(ctx):
    import os
    import signal
    import time

    if ctx.name == "worker 0":
        os.kill(os.getpid(), signal.SIGKILL)  # no Python traceback: a segfault, the OOM killer...
    time.sleep(120)


def test_a_worker_that_dies_without_a_traceback_is_reported(tmp_path):
    with pytest.raises(launcher.WorkerError, match="worker 0 failed with exit code -9: the process died without") as info:
        launcher.launch(_workers(_die_silently, 2), log_dir=str(tmp_path), timeout=100)
    assert info.value.log.endswith("worker-0.log")


# A survivor whose timed-out collective aborted in C++ (exit code -6, no Python traceback), as each
# TensorFlow logs it; the rest of the log as TensorFlow 2.20 wrote it (make test-lowest, lesson 02).
_ABORTED_LOGS = {
    "tf 2.21": ("E0000 00:00:1795425807.480213  20633 base_collective_executor.cc:252] BaseCollectiveExecutor::"
                "StartAbort DEADLINE_EXCEEDED: Collective has timed out during execution.", 1795425807.480213),
    "tf 2.20": ("2026-11-26 10:03:22.165239: E tensorflow/core/common_runtime/base_collective_executor.cc:248] "
                "BaseCollectiveExecutor::StartAbort DEADLINE_EXCEEDED: Collective has timed out during execution.",
                time.mktime((2026, 11, 26, 10, 3, 22, 0, 0, -1)) + 0.165239),   # TensorFlow's logger: local time
}


@pytest.mark.parametrize("tf", sorted(_ABORTED_LOGS))
def test_a_collective_that_aborted_in_cpp_is_named_from_the_log(tmp_path, tf):
    """Planted bug: match only one TensorFlow's log format; on the other (TF 2.20: Colab's, pyproject's
    lower bound) the survivor of a hung worker is reported as "exit code -6", which lesson 02 asserts it is not."""
    line, stamp = _ABORTED_LOGS[tf]
    task = launcher._Task("worker 0", str(tmp_path))
    with open(task.log, "w") as f:
        f.write("worker 0: 2 replicas, global batch 32 = 16 x 2, starting at epoch 0\n" + line + "\n"
                "[mutex.cc : 1992] RAW: Check (v & (kMuWait | kMuWrWait)) != kMuWrWait failed: Lock: Mutex corrupt\n")
    error = task.error(-6)
    assert error["type"] == "DeadlineExceededError", error
    assert error["message"] == "Collective has timed out during execution. (then the process aborted, exit code -6)"
    assert error["t"] == pytest.approx(stamp, abs=1e-6)


def test_a_worker_that_never_starts_is_named_with_its_log(tmp_path):
    fake = tmp_path / "python-that-hangs"
    fake.write_text("#!/bin/sh\nexec sleep 300\n")
    fake.chmod(0o755)
    before = len(launcher.started_pids())
    with pytest.raises(launcher.ClusterError, match="worker 0 did not start within start_timeout=2 s") as info:
        launcher.launch(_workers(_hello, 2), python=str(fake), start_timeout=2, log_dir=str(tmp_path / "logs"))
    assert str(tmp_path / "logs" / "worker-0.log") in str(info.value)
    new = launcher.started_pids()[before:]
    assert len(new) == 2 and not set(new) & set(launcher.running_pids())


def test_overall_timeout(tmp_path):
    with pytest.raises(launcher.ClusterError, match="longer than timeout=3 s; still running"):
        launcher.launch(_workers(_sleep, 2), timeout=3, log_dir=str(tmp_path))


def test_keyboard_interrupt_kills_the_children(tmp_path):
    before = len(launcher.started_pids())
    # Ctrl-C in Jupyter = SIGINT -> KeyboardInterrupt in the main thread (xdist workers may ignore
    # SIGINT, so install Python's default handler for this test)
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(1.5, lambda: os.kill(os.getpid(), signal.SIGINT))
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            launcher.launch(_workers(_sleep, 2), timeout=60, log_dir=str(tmp_path))
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, previous)
    new = launcher.started_pids()[before:]
    assert len(new) == 2 and not set(new) & set(launcher.running_pids())


def test_children_die_with_their_parent(tmp_path):
    """SIGKILL the launching process (a crashed kernel): its workers must not live on."""
    script = tmp_path / "parent.py"
    script.write_text(textwrap.dedent(f"""
        from gpukit.launch import supervisor as launcher

        def sleeper(ctx):
            import time
            time.sleep(300)

        launcher.launch([launcher.Process('worker 0', sleeper), launcher.Process('worker 1', sleeper)], log_dir={str(tmp_path)!r}, timeout=600)
    """))
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    parent = subprocess.Popen([sys.executable, str(script)], env=env, cwd=ROOT,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        def ready_pids():
            pids = []
            for i in range(2):
                path = tmp_path / f"worker-{i}.events.jsonl"
                events = [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []
                pids += [e["pid"] for e in events if e["event"] == "ready"]
            return pids

        _wait_until(lambda: len(ready_pids()) == 2, 60, "both workers to start")
        pids = ready_pids()
        assert all(launcher.alive(p) for p in pids)
        parent.kill()
        parent.wait(timeout=10)
        _wait_until(lambda: not any(launcher.alive(p) for p in pids), 10, "the orphaned workers to die")
    finally:
        if parent.poll() is None:
            parent.kill()
            parent.wait(timeout=10)



SCALE = 3


def _double(v):
    return 2 * v


def _uses_globals(ctx, fn):
    return float(np.sum(np.arange(SCALE))) + fn(int(ctx.name.split()[-1]))


def test_functions_travel_with_their_modules_and_constants(tmp_path):
    # np (a module) and SCALE (a constant) are globals here; fn is a function passed in kwargs
    result = launcher.launch(_workers(_uses_globals, 2, {"fn": _double}), log_dir=str(tmp_path), timeout=60)
    assert result.results == {"worker 0": 3.0, "worker 1": 5.0}



def test_no_process_left_behind(tmp_path):
    """Every process this launch started is gone when it returns. Only this launch's: under xdist the same
    test process may have run other files' launches (a cluster's fork server lives on for the next run, by
    design), and their processes' exits are not this test's to time. Asked of each process's handle, not of its pid:
    a fresh-clone run failed on two long-reaped pids the system had given to other tests' processes."""
    before = len(launcher.started_pids())
    launcher.launch(_workers(_hello, 1), log_dir=str(tmp_path), timeout=60, stream=False)
    pids = launcher.started_pids()[before:]
    assert pids
    assert set(pids) & set(launcher.running_pids()) == set()   # each handle's poll: pids get reused


def test_a_new_child_with_a_reused_pid_is_still_counted(monkeypatch):
    """Planted bug it catches: the children filed by pid (a dict): a new child given a reaped child's pid replaced
    its record, so ``started_pids()`` did not grow and a fresh-clone CI run's test_no_process_left_behind found no
    new process. Here two handles with one pid."""
    class Handle:
        def __init__(self, pid, code):
            self.pid, self.code = pid, code

        def poll(self):
            return self.code

    monkeypatch.setattr(launcher, "_STARTED", [Handle(4242, 0)])
    before = len(launcher.started_pids())
    launcher._note_started(Handle(4242, None))   # as `run` files each new child
    assert launcher.started_pids()[before:] == [4242]
    assert launcher.running_pids() == [4242]


def test_running_pids_asks_each_handle_not_the_pid(monkeypatch):
    """Planted bug it catches: `running_pids` written as `alive(pid)` reports a stranger's process
    once the system reuses a reaped pid (here: an exited handle filed under this live process's pid)."""
    class Exited:
        def poll(self):
            return 0

    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        exited = Exited()
        exited.pid = os.getpid()
        monkeypatch.setattr(launcher, "_STARTED", [exited, sleeper])
        assert launcher.alive(os.getpid())                       # the pid is alive ...
        assert launcher.running_pids() == [sleeper.pid]          # ... but its handle has exited
    finally:
        sleeper.kill()
        sleeper.wait(timeout=10)
    assert launcher.running_pids() == []
