"""gpukit.launch.slurm: TF_CONFIG from a SLURM step's environment variables (TensorFlow's
SlurmClusterResolver); no real SLURM: the variables srun would set, written by hand."""

from __future__ import annotations

import os
import pathlib

import pytest

from gpukit import cluster
from gpukit.launch import slurm

# 3 nodes, 2 tasks on each of the first two and 1 on the last (srun -n 5 with block distribution)
STEP = {"SLURM_PROCID": "0", "SLURM_STEP_NODELIST": "gpu7,node[01-02]", "SLURM_STEP_TASKS_PER_NODE": "1,2(x2)",
        "SLURM_STEP_NUM_TASKS": "5"}
ORDER = ["gpu7:8888", "node01:8888", "node01:8889", "node02:8888", "node02:8889"]


def step(**changes):
    return dict(STEP, **{k: str(v) for k, v in changes.items()})


@pytest.mark.parametrize("rank", range(5))
def test_every_task_gets_the_same_cluster_and_its_own_index(rank):
    config = slurm.slurm_tf_config(step(SLURM_PROCID=rank))
    assert config == {"cluster": {"worker": ORDER}, "task": {"type": "worker", "index": rank}}
    assert cluster.is_chief(config) == (rank == 0)


def test_port_base_and_node_check():
    config = slurm.slurm_tf_config(step(SLURM_PROCID=2, SLURMD_NODENAME="node01"), port_base=20000)
    assert config["cluster"]["worker"][1:3] == ["node01:20000", "node01:20001"]
    assert config["task"]["index"] == 2
    with pytest.raises(ValueError, match="runs on node02 but SlurmClusterResolver placed it on node01.*"
                                         "--distribution=block"):
        slurm.slurm_tf_config(step(SLURM_PROCID=2, SLURMD_NODENAME="node02"))


def test_reads_os_environ_by_default_and_leaves_it_unchanged(monkeypatch):
    for key, value in step(SLURM_PROCID=4).items():
        monkeypatch.setenv(key, value)
    before = dict(os.environ)
    assert slurm.slurm_tf_config()["task"] == {"type": "worker", "index": 4}
    assert dict(os.environ) == before  # no CUDA_VISIBLE_DEVICES, no SLURM_* left changed


def test_explicit_environ_does_not_leak_into_os_environ(monkeypatch):
    for key in slurm.REQUIRED + slurm.OPTIONAL:
        monkeypatch.delenv(key, raising=False)
    slurm.slurm_tf_config(step(SLURM_PROCID=1))
    assert not [k for k in slurm.REQUIRED + slurm.OPTIONAL if k in os.environ]


@pytest.mark.parametrize("environ, missing", [
    ({}, "SLURM_PROCID, SLURM_STEP_NODELIST, SLURM_STEP_TASKS_PER_NODE are"),
    # inside the sbatch script, outside srun: SLURM sets PROCID and the job's node list only
    ({"SLURM_PROCID": "0", "SLURM_JOB_NODELIST": "node[01-02]"}, "SLURM_STEP_NODELIST, SLURM_STEP_TASKS_PER_NODE are"),
    (step(SLURM_STEP_TASKS_PER_NODE=""), "SLURM_STEP_TASKS_PER_NODE is"),
])
def test_outside_a_slurm_step(environ, missing):
    with pytest.raises(RuntimeError, match=f"not inside a SLURM job step: {missing} not set.*srun"):
        slurm.slurm_tf_config(environ)


@pytest.mark.parametrize("changes, match", [
    ({"SLURM_PROCID": 5}, r"SLURM_PROCID=5 but the step has 5 tasks"),
    ({"SLURM_PROCID": "a"}, r"SLURM_PROCID='a' is not a task rank"),
    ({"SLURM_STEP_NODELIST": "node[01-"}, r"cannot read this step \(Invalid hostlist format"),
    ({"SLURM_STEP_TASKS_PER_NODE": "two"}, r"SLURM_STEP_TASKS_PER_NODE='two' is not SLURM's format"),
    ({"SLURM_STEP_NUM_TASKS": 7}, r"cannot read this step \(Requested 7 tasks but only 5 were assigned"),
])
def test_values_slurm_would_not_write(changes, match):
    with pytest.raises(ValueError, match=match):
        slurm.slurm_tf_config(step(**changes))


@pytest.mark.parametrize("port_base, match", [(65535, "leaves no room"), (0, "port_base=0 must be a positive int"),
                                              (True, "port_base=True")])
def test_bad_port_base(port_base, match):
    with pytest.raises(ValueError, match=match):
        slurm.slurm_tf_config(step(), port_base=port_base)


def test_errors_are_in_troubleshooting():
    doc = (pathlib.Path(__file__).resolve().parents[1] / "docs" / "troubleshooting.md").read_text()
    for message in ("RuntimeError: not inside a SLURM job step: SLURM_STEP_NODELIST, SLURM_STEP_TASKS_PER_NODE are not set",
                    "ValueError: task 2 runs on node02 but SlurmClusterResolver placed it on node01"):
        assert message in doc, f"docs/troubleshooting.md lacks: {message}"
