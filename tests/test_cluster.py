"""gpukit.cluster: TF_CONFIG validation, the launcher (real processes), MultiWorkerMirrored
training equal to one process, kill → clear error → exact resume, hang → collective timeout,
parameter server staleness and lost updates. No process may outlive the tests.

Each TensorFlow cluster start costs 7-13 s (more on a busy machine): the training runs are
module-scoped fixtures, each started once and checked by several tests.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import textwrap
import threading
import time

import numpy as np
import pytest

from gpukit import checks, cluster

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

EPOCHS, GB, N = 3, 32, 256
MWMS = {"epochs": EPOCHS, "global_batch_size": GB, "n_examples": N}


def _wait_until(predicate, timeout, what):
    deadline = time.time() + timeout
    while time.time() < deadline:
        if predicate():
            return
        time.sleep(0.05)
    raise AssertionError(f"timed out after {timeout} s waiting for {what}")


# ---------------------------------------------------------------- TF_CONFIG (pure)

def test_local_cluster_and_tf_config():
    c = cluster.local_cluster(3)
    assert list(c) == ["worker"] and len(set(c["worker"])) == 3
    assert all(a.startswith("127.0.0.1:") for a in c["worker"])
    cfg = cluster.tf_config(c, "worker", 2)
    assert cfg == {"cluster": c, "task": {"type": "worker", "index": 2}}
    assert json.loads(json.dumps(cfg)) == cfg
    assert cluster.is_chief(cluster.tf_config(c, "worker", 0))
    assert not cluster.is_chief(cfg)
    ps = cluster.local_cluster(2, n_ps=1, ports=[2000, 2001, 2002, 2003])
    assert ps == {"chief": ["127.0.0.1:2000"], "ps": ["127.0.0.1:2001"],
                  "worker": ["127.0.0.1:2002", "127.0.0.1:2003"]}
    assert cluster.is_chief(cluster.tf_config(ps, "chief", 0))
    assert not cluster.is_chief(cluster.tf_config(ps, "worker", 0))


@pytest.mark.parametrize("n", [0, -1, True, 1.5])
def test_n_workers_must_be_positive(n):
    with pytest.raises(ValueError, match="n_workers"):
        cluster.local_cluster(n)
    with pytest.raises(ValueError, match="n_workers"):
        cluster.run(cluster.train_mwms, n)


@pytest.mark.parametrize("spec, task, index, match", [
    ({"worker": ["h:1", "h:1"]}, "worker", 0, "duplicate address h:1: used by worker 0 and worker 1"),
    ({"chief": ["h:5"], "ps": ["h:6"], "worker": ["h:5"]}, "worker", 0, "duplicate address h:5"),
    ({"worker": ["h:1", "h:2"]}, "ps", 0, "task type 'ps' is not in the cluster"),
    ({"worker": ["h:1", "h:2"]}, "worker", 2, r"out of range .* \(indices 0\.\.1\)"),
    ({"worker": ["h:1"]}, "worker", -1, "out of range"),
    ({"ps": ["h:1"], "worker": ["h:2"]}, "worker", 0, "needs a 'chief'"),
    ({"chief": ["h:1"], "ps": ["h:2"]}, "chief", 0, "needs 'worker' tasks"),
    ({"ps": ["h:1"]}, "ps", 0, "no 'worker'"),
    ({"worker": "h:1"}, "worker", 0, "non-empty list"),
    ({"worker": ["h:0"]}, "worker", 0, "port in 1..65535"),
    ({"worker": ["nohost"]}, "worker", 0, "not 'host:port'"),
    ({"gpu": ["h:1"], "worker": ["h:2"]}, "worker", 0, "unknown task types"),
    ({"chief": ["h:1", "h:2"], "worker": ["h:3"]}, "chief", 0, "exactly one address"),
])
def test_tf_config_rejects_bad_clusters(spec, task, index, match):
    with pytest.raises(ValueError, match=match):
        cluster.tf_config(spec, task, index)


def test_bad_arguments_fail_before_any_process_starts():
    before = cluster.started_pids()
    with pytest.raises(ValueError, match="kind"):
        cluster.Fault("explode")
    with pytest.raises(ValueError, match="not in this cluster"):
        cluster.run(cluster.train_mwms, 2, fault=cluster.Fault("kill", "worker 5"))
    with pytest.raises(ValueError, match="timeout"):
        cluster.run(cluster.train_mwms, 2, timeout=0)
    for bad in (float("nan"), float("inf"), True):
        with pytest.raises(ValueError, match="finite number of seconds"):
            cluster.run(cluster.train_mwms, 2, start_timeout=bad)
    import threading
    folders = set(os.listdir(__import__("tempfile").gettempdir()))
    with pytest.raises(ValueError, match="kwargs cannot be sent to the workers"):
        cluster.run(_hello, 1, kwargs={"greeting": threading.Lock()})
    assert set(os.listdir(__import__("tempfile").gettempdir())) - folders == set(), "no run folder left behind"

    def outer():
        def inner(ctx):
            return 1
        return inner

    with pytest.raises(ValueError, match="nested"):
        cluster.run(outer(), 1)
    with pytest.raises(ValueError, match="module:function"):
        cluster.run("no_colon", 1)
    assert cluster.started_pids() == before


def test_port_already_in_use_is_a_clear_error():
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        before = cluster.started_pids()
        with pytest.raises(RuntimeError, match=f"port {port} on 127.0.0.1 is already in use"):
            cluster.run(_hello, 2, ports=[port, cluster.free_ports(1)[0]])
        assert cluster.started_pids() == before


def test_sharding_policy_gives_the_global_batches():
    # right: shard, then batch by GB / n_workers -> step k of all workers = global batch k
    assert cluster.check_sharding(96, global_batch_size=16, n_workers=2) == 6
    assert cluster.check_sharding(96, global_batch_size=24, n_workers=3) == 4
    ids = np.arange(64)
    assert cluster.global_batches(ids, ids, 16, 2)[1] == list(range(16, 32))
    # seed 002: batch by the global batch, then shard -> each step sees 2 x 16 examples, half the steps
    naive = cluster.global_batches(ids, ids, 16, 2, naive=True)
    assert [len(b) for b in naive] == [32, 32]
    with pytest.raises(ValueError, match="2 steps of \\[32\\] examples instead of 4 steps of 16"):
        cluster.check_sharding(64, global_batch_size=16, n_workers=2, naive=True)


# ---------------------------------------------------------------- the launcher (no TensorFlow)

def _hello(ctx, greeting="hi"):
    import json
    import os

    print(f"{greeting} from {ctx.name}")
    return {"tf_config": json.loads(os.environ["TF_CONFIG"]), "chief": ctx.is_chief, "pid": os.getpid()}


def _fail_on_worker_1(ctx):
    import time

    if ctx.task_index == 1:
        raise ZeroDivisionError("worker 1 divided by zero on purpose")
    time.sleep(120)


def _sleep(ctx, seconds=120):
    import time

    time.sleep(seconds)


def test_run_returns_results_streams_logs_and_cleans_up(tmp_path, capsys):
    result = cluster.run(_hello, 3, kwargs={"greeting": "hello"}, log_dir=str(tmp_path), timeout=60)
    assert sorted(result.results) == ["worker 0", "worker 1", "worker 2"]
    configs = [result.results[f"worker {i}"]["tf_config"] for i in range(3)]
    assert [c["task"] for c in configs] == [{"type": "worker", "index": i} for i in range(3)]
    assert configs[0]["cluster"] == configs[2]["cluster"]
    assert [result.results[f"worker {i}"]["chief"] for i in range(3)] == [True, False, False]
    out = capsys.readouterr().out
    for i in range(3):
        assert f"[worker {i}] hello from worker {i}" in out
        with open(result.logs[f"worker {i}"]) as f:
            assert f"hello from worker {i}" in f.read()
        assert any(e["event"] == "ready" for e in result.events[f"worker {i}"])
        assert not cluster.alive(result.results[f"worker {i}"]["pid"])


def test_a_worker_that_raises_reaches_the_caller_and_stops_the_others(tmp_path):
    before = set(cluster.started_pids())
    start = time.time()
    with pytest.raises(cluster.WorkerError, match="worker 1 failed with ZeroDivisionError") as info:
        cluster.run(_fail_on_worker_1, 2, log_dir=str(tmp_path), timeout=100)
    assert time.time() - start < 60  # not the 120 s sleep of worker 0 (a hang check, not a benchmark)
    assert "divided by zero on purpose" in info.value.traceback
    assert "_fail_on_worker_1" in info.value.traceback
    assert info.value.log.endswith("worker-1.log")
    new = set(cluster.started_pids()) - before
    assert len(new) == 2 and not any(cluster.alive(p) for p in new)


def _die_silently(ctx):
    import os
    import signal
    import time

    if ctx.task_index == 0:
        os.kill(os.getpid(), signal.SIGKILL)  # no Python traceback: a segfault, the OOM killer...
    time.sleep(120)


def test_a_worker_that_dies_without_a_traceback_is_reported(tmp_path):
    with pytest.raises(cluster.WorkerError, match="worker 0 failed with exit code -9: the process died without") as info:
        cluster.run(_die_silently, 2, log_dir=str(tmp_path), timeout=100)
    assert info.value.log.endswith("worker-0.log")


def test_a_worker_that_never_starts_is_named_with_its_log(tmp_path):
    fake = tmp_path / "python-that-hangs"
    fake.write_text("#!/bin/sh\nexec sleep 300\n")
    fake.chmod(0o755)
    before = set(cluster.started_pids())
    with pytest.raises(cluster.ClusterError, match="worker 0 did not start within start_timeout=2 s") as info:
        cluster.run(_hello, 2, python=str(fake), start_timeout=2, log_dir=str(tmp_path / "logs"))
    assert str(tmp_path / "logs" / "worker-0.log") in str(info.value)
    new = set(cluster.started_pids()) - before
    assert len(new) == 2 and not any(cluster.alive(p) for p in new)


def test_overall_timeout(tmp_path):
    with pytest.raises(cluster.ClusterError, match="longer than timeout=3 s; still running"):
        cluster.run(_sleep, 2, timeout=3, log_dir=str(tmp_path))


def test_keyboard_interrupt_kills_the_children(tmp_path):
    before = set(cluster.started_pids())
    # Ctrl-C in Jupyter = SIGINT -> KeyboardInterrupt in the main thread (xdist workers may ignore
    # SIGINT, so install Python's default handler for this test)
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(1.5, lambda: os.kill(os.getpid(), signal.SIGINT))
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            cluster.run(_sleep, 2, timeout=60, log_dir=str(tmp_path))
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, previous)
    new = set(cluster.started_pids()) - before
    assert len(new) == 2 and not any(cluster.alive(p) for p in new)


def test_children_die_with_their_parent(tmp_path):
    """SIGKILL the launching process (a crashed kernel): its workers must not live on."""
    script = tmp_path / "parent.py"
    script.write_text(textwrap.dedent(f"""
        from gpukit import cluster

        def sleeper(ctx):
            import time
            time.sleep(300)

        cluster.run(sleeper, 2, log_dir={str(tmp_path)!r}, timeout=600)
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
        assert all(cluster.alive(p) for p in pids)
        parent.kill()
        parent.wait(timeout=10)
        _wait_until(lambda: not any(cluster.alive(p) for p in pids), 10, "the orphaned workers to die")
    finally:
        if parent.poll() is None:
            parent.kill()
            parent.wait(timeout=10)


SCALE = 3


def _double(v):
    return 2 * v


def _uses_globals(ctx, fn):
    return float(np.sum(np.arange(SCALE))) + fn(ctx.task_index)


def test_functions_travel_with_their_modules_and_constants(tmp_path):
    # np (a module) and SCALE (a constant) are globals here; fn is a function passed in kwargs
    result = cluster.run(_uses_globals, 2, kwargs={"fn": _double}, log_dir=str(tmp_path), timeout=60)
    assert result.results == {"worker 0": 3.0, "worker 1": 5.0}


# ---------------------------------------------------------------- MultiWorkerMirrored (TensorFlow)

@pytest.fixture(scope="module")
def reference():
    return cluster.train_single(**MWMS)


@pytest.fixture(scope="module")
def killed_and_resumed(tmp_path_factory):
    ckpt = str(tmp_path_factory.mktemp("ckpt"))
    kwargs = dict(MWMS, checkpoint_dir=ckpt, data=cluster.training_data(N, GB))
    killed = cluster.run(cluster.train_mwms, 2, kwargs=kwargs, fault=cluster.Fault("kill", "worker 1", epoch=1, step=2),
                         log_dir=str(tmp_path_factory.mktemp("killed")), stream=False)
    saved_after_kill = sorted(p for p in os.listdir(ckpt) if p.endswith(".index"))
    resumed = cluster.run(cluster.train_mwms, 2, kwargs=kwargs, log_dir=str(tmp_path_factory.mktemp("resumed")),
                          stream=False)
    return killed, resumed, saved_after_kill


def test_kill_a_worker_the_survivor_stops_with_a_clear_error(killed_and_resumed):
    killed, _, saved_after_kill = killed_and_resumed
    assert killed.failed and list(killed.errors) == ["worker 0"]
    error = killed.errors["worker 0"]
    assert error["type"] in ("UnavailableError", "AbortedError", "InternalError", "CancelledError"), error
    assert 0 <= killed.seconds_to_error["worker 0"] < 60
    # the chief checkpointed epoch 0 only; worker 1 wrote to (and removed) its own temp dir
    assert saved_after_kill == ["ckpt-1.index"]
    assert not os.path.exists(os.path.join(killed.run_dir, "worker-1", "ckpt-tmp"))


def test_two_workers_equal_one_process_and_resume_is_exact(killed_and_resumed, reference):
    killed, resumed, _ = killed_and_resumed
    w0, w1 = resumed.results["worker 0"], resumed.results["worker 1"]
    assert w0["start_epoch"] == w1["start_epoch"] == 1  # resumed after the last checkpoint (epoch 0)
    assert (w0["global_batch_size"], w0["per_replica_batch_size"], w0["num_replicas"]) == (GB, GB // 2, 2)
    assert w0["steps_per_epoch"] == N // GB
    # epoch 0 ran in the killed run; epochs 1-2 in the resumed one; together = one process
    epoch0 = [e["loss"] for e in killed.events["worker 0"] if e["event"] == "epoch_end"]
    assert len(epoch0) == 1
    checks.assert_same(epoch0 + w0["history"]["loss"], reference["history"]["loss"], atol=1e-5, what="loss curve")
    checks.assert_same(w0["weights"], reference["weights"], atol=1e-5, what="resumed 2-worker weights")
    checks.assert_same(w1["weights"], w0["weights"], atol=0, what="worker 1 vs worker 0")
    assert resumed.first_step_seconds() > 0


def test_a_hung_worker_becomes_a_deadline_error(tmp_path):
    hung = cluster.run(cluster.train_mwms, 2, kwargs=dict(MWMS, epochs=1, collective_timeout=3, data=cluster.training_data(N, GB)),
                       fault=cluster.Fault("stop", "worker 1", epoch=0, step=2), log_dir=str(tmp_path), stream=False)
    assert list(hung.errors) == ["worker 0"]
    assert hung.errors["worker 0"]["type"] in ("DeadlineExceededError", "UnavailableError"), hung.errors
    assert hung.seconds_to_error["worker 0"] >= 2.5  # the collective timeout, not an instant crash


# ---------------------------------------------------------------- parameter server (TensorFlow)

@pytest.fixture(scope="module")
def ps_run(tmp_path_factory):
    return cluster.run(cluster.train_ps, 2, n_ps=1, kwargs={"steps": 24, "work": 5},
                       log_dir=str(tmp_path_factory.mktemp("ps")), stream=False)


def test_parameter_server_trains_asynchronously(ps_run):
    assert sorted(ps_run.results) == ["chief 0"]  # ps and workers only serve; they were stopped
    r = ps_run.results["chief 0"]
    assert r["version"] == r["steps"] == 24 == len(r["loss"])
    assert all(np.isfinite(r["loss"])) and np.mean(r["loss"][-6:]) < np.mean(r["loss"][:6])
    assert min(r["staleness"]) >= 0 and len(r["staleness"]) == 24


def test_keras_variable_assign_add_loses_updates_tf_variable_does_not(ps_run):
    r = ps_run.results["chief 0"]
    assert r["tf_count"] == r["steps"]
    assert r["keras_count"] < r["steps"]


# ---------------------------------------------------------------- last: nothing left behind

def test_no_process_left_behind(tmp_path):
    """Every process gpukit.cluster started in this test process (all tests of this module that
    ran before, plus one run here, so the list is never empty) is gone."""
    cluster.run(_hello, 1, log_dir=str(tmp_path), timeout=60, stream=False)
    pids = cluster.started_pids()
    assert pids
    assert [p for p in pids if cluster.alive(p)] == []


def test_temporary_logs_of_a_successful_run_are_removed_at_exit(tmp_path):
    """/tmp must not fill up with gpukit-cluster-* folders; a failed run keeps its logs (the
    error names them), a run given log_dir= is never touched."""
    script = tmp_path / "parent.py"
    script.write_text(textwrap.dedent("""
        import os
        from gpukit import cluster

        def hello(ctx):
            return ctx.task_index

        ok = cluster.run(hello, 1, timeout=60, stream=False)
        assert os.path.isdir(ok.run_dir)
        print(ok.run_dir)
    """))
    done = subprocess.run([sys.executable, str(script)], env=dict(os.environ, PYTHONPATH=str(ROOT)), cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    run_dir = done.stdout.strip().splitlines()[-1]
    assert "gpukit-cluster-" in run_dir and not os.path.exists(run_dir)
