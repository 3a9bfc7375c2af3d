"""gpukit.cluster: TF_CONFIG validation, ``run`` (every task gets its TF_CONFIG; the process
supervision itself is tested in test_launcher.py), MultiWorkerMirrored
training equal to one process, kill → clear error → exact resume, hang → collective timeout,
parameter server staleness and lost updates. No process may outlive the tests.

Each TensorFlow cluster start costs 7-13 s (more on a busy machine): the training runs are
module-scoped fixtures, each started once and checked by several tests.
"""

from __future__ import annotations

import json
import os
import socket

import numpy as np
import pytest

from gpukit import checks, cluster

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

EPOCHS, GB, N = 3, 32, 256
MWMS = {"epochs": EPOCHS, "global_batch_size": GB, "n_examples": N}


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
    ps = cluster.local_cluster(2, num_ps=1, ports=[2000, 2001, 2002, 2003])
    assert ps == {"chief": ["127.0.0.1:2000"], "ps": ["127.0.0.1:2001"],
                  "worker": ["127.0.0.1:2002", "127.0.0.1:2003"]}
    assert cluster.is_chief(cluster.tf_config(ps, "chief", 0))
    assert not cluster.is_chief(cluster.tf_config(ps, "worker", 0))


@pytest.mark.parametrize("n", [0, -1, True, 1.5])
def test_num_workers_must_be_positive(n):
    with pytest.raises(ValueError, match="num_workers"):
        cluster.local_cluster(n)
    with pytest.raises(ValueError, match="num_workers"):
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
    with pytest.raises(ValueError, match="num_ps=0"):
        cluster.run(cluster.train_ps, 2, num_ps=1, fault=cluster.Fault("kill", "worker 0"))
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


def test_free_ports_come_from_below_the_ephemeral_range(monkeypatch, tmp_path):
    """Outgoing connections take their source port from the ephemeral range; a port picked there
    could be taken before the server binds it. Here (Linux) the picks lie below that range."""
    from gpukit.launch import tfconfig

    start = tfconfig._ephemeral_start()
    assert start is not None, "this machine is Linux: the range file is readable"
    with open(cluster.EPHEMERAL_RANGE_FILE) as f:
        assert start == int(f.read().split()[0])
    ports = cluster.free_ports(6)
    assert len(set(ports)) == 6 and all(cluster.LOWEST_PORT <= p < start for p in ports), ports
    for port in ports:
        cluster.check_port_free(cluster.HOST, port)
    # no readable range (another OS): the OS picks, still distinct and free
    assert tfconfig._ephemeral_start(str(tmp_path / "missing")) is None
    monkeypatch.setattr(tfconfig, "_ephemeral_start", lambda: None)
    ports = cluster.free_ports(3)
    assert len(set(ports)) == 3
    for port in ports:
        cluster.check_port_free(cluster.HOST, port)


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
    # right: shard, then batch by GB / num_workers -> step k of all workers = global batch k
    assert cluster.check_sharding(96, global_batch_size=16, num_workers=2) == 6
    assert cluster.check_sharding(96, global_batch_size=24, num_workers=3) == 4
    ids = np.arange(64)
    assert cluster.global_batches(ids, ids, 16, 2)[1] == list(range(16, 32))
    # the naive pipeline: batch by the global batch, then shard -> each step sees 2 x 16 examples, half the steps
    naive = cluster.global_batches(ids, ids, 16, 2, naive=True)
    assert [len(b) for b in naive] == [32, 32]
    with pytest.raises(ValueError, match="2 steps of \\[32\\] examples instead of 4 steps of 16"):
        cluster.check_sharding(64, global_batch_size=16, num_workers=2, naive=True)


def test_sharding_cuts_to_whole_global_batches_first():
    """Planted bug: shard-then-batch without first cutting to whole global batches. With one example
    short of one more global batch, worker 0 gets one more step than worker 1 (it would wait forever at
    that step's all-reduce); check_sharding says so, and dataset_fn (which cuts) passes."""
    def uncut(ic, x, y, gb):
        ds = tf.data.Dataset.from_tensor_slices((x, y)).shard(ic.num_input_pipelines, ic.input_pipeline_id)
        return ds.batch(ic.get_per_replica_batch_size(gb), drop_remainder=True)

    import tensorflow as tf

    with pytest.raises(ValueError, match=r"different numbers of steps \[4, 3\]"):
        cluster.check_sharding(63, global_batch_size=16, num_workers=2, fn=uncut)
    assert cluster.check_sharding(63, global_batch_size=16, num_workers=2) == 3
    assert cluster.check_sharding(95, global_batch_size=24, num_workers=3) == 3

# ---------------------------------------------------------------- run: one process per task, each with its TF_CONFIG

def _hello(ctx, greeting="hi"):
    import json
    import os

    print(f"{greeting} from {ctx.name}")
    return {"tf_config": json.loads(os.environ["TF_CONFIG"]), "chief": ctx.is_chief, "pid": os.getpid()}


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
    # how soon after the freeze is not asserted, not even that it came after: worker 0's 3 s timeout runs
    # from when it entered the collective, and under load worker 1 may be slow (not yet frozen) for that long


# ---------------------------------------------------------------- parameter server (TensorFlow)

@pytest.fixture(scope="module")
def ps_run(tmp_path_factory):
    return cluster.run(cluster.train_ps, 2, num_ps=1, kwargs={"steps": 24, "work": 5},
                       log_dir=str(tmp_path_factory.mktemp("ps")), stream=False)


def test_parameter_server_trains_asynchronously(ps_run):
    assert sorted(ps_run.results) == ["chief 0"]  # ps and workers only serve; they were stopped
    r = ps_run.results["chief 0"]
    assert r["version"] == r["steps"] == 24 == len(r["loss"])
    assert all(np.isfinite(r["loss"])) and np.mean(r["loss"][-6:]) < np.mean(r["loss"][:6])
    assert min(r["staleness"]) >= 0 and len(r["staleness"]) == 24


def test_tf_variable_assign_add_counts_every_update_keras_count_is_only_measured(ps_run):
    # How many keras.Variable.assign_add increments are lost depends on how the steps overlapped
    # (0 on some runs, 4-9 of 24 on an idle machine): printed, never asserted (a race).
    r = ps_run.results["chief 0"]
    assert r["tf_count"] == r["steps"]
    assert 1 <= r["keras_count"] <= r["steps"]
    print(f"keras.Variable.assign_add lost {r['steps'] - r['keras_count']:.0f} of {r['steps']} updates")


def test_keras_assign_add_is_read_then_write_so_interleaving_loses_updates():
    # why the keras counter can lose updates, forced deterministically: both workers read, then write
    import inspect

    from gpukit import keras, tf

    assert "self.assign(self + value)" in inspect.getsource(type(keras.Variable(0.0)).assign_add)
    counter, atomic = keras.Variable(0.0, trainable=False), tf.Variable(0.0, trainable=False)
    reads = [counter + 1.0 for _ in range(3)]
    for value in reads:
        counter.assign(value)
    for _ in range(3):
        atomic.assign_add(1.0)
    assert float(counter) == 1.0 and float(atomic) == 3.0


# ---------------------------------------------------------------- last: nothing left behind

def test_a_run_removes_its_folder_when_it_returns(tmp_path, monkeypatch):
    """Not at the kernel's exit, which a kernel killed by nbval never reaches (issue 39): the run's
    folder (logs, specs, the workers' TMPDIR) is gone as soon as `run` returns; `log_dir` keeps it."""
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    result = cluster.run(_hello, 1, timeout=60, stream=False)
    assert result.results["worker 0"]["chief"]
    assert not os.path.exists(result.run_dir)
    assert [p for p in os.listdir(tmp_path) if p.startswith("gpukit-cluster-")] == []
    kept = cluster.run(_hello, 1, timeout=60, stream=False, log_dir=str(tmp_path / "logs"))
    assert os.path.isfile(kept.logs["worker 0"])


def test_no_process_left_behind(tmp_path):
    """Every process gpukit.cluster started in this test process (all tests of this module that
    ran before, plus one run here, so the list is never empty) is gone, asked of each process's handle:
    a fresh-clone run failed when `alive(pid)` saw two reaped pids the system had reused (pid_max 32768)."""
    cluster.run(_hello, 1, log_dir=str(tmp_path), timeout=60, stream=False)
    assert cluster.started_pids()
    assert cluster.running_pids() == []


