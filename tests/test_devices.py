import pytest

from gpukit import devices


@pytest.mark.parametrize("bad", [0, -1, 2.5, "4", True, None])
def test_virtual_must_be_a_positive_int(bad):
    with pytest.raises(ValueError, match="virtual="):
        devices.setup(virtual=bad)


@pytest.mark.parametrize("bad", [[], [0], [-5, 100], ["1GB"], [float("nan")]])
def test_memory_limits_must_be_positive_sizes(bad):
    with pytest.raises(ValueError, match="memory_limits"):
        devices.setup(memory_limits=bad)


def test_memory_limits_count_must_match_virtual():
    with pytest.raises(ValueError, match="one limit per logical device"):
        devices.setup(virtual=3, memory_limits=[1024, 1024])


def test_same_request_twice_is_a_no_op():
    first = devices.setup(virtual=4)
    again = devices.setup(virtual=4)
    assert [d.name for d in first] == [d.name for d in again]
    assert len([d for d in again if d.kind == "CPU"]) == 4


def test_a_different_request_after_start_says_restart():
    with pytest.raises(RuntimeError, match="Restart the kernel"):
        devices.setup(virtual=2)
    # the failed request changed nothing
    assert len(devices.replica_devices()) == 4


def test_describe_prints_one_line_per_device(capsys):
    found = devices.describe()
    out = capsys.readouterr().out
    assert "4 logical device(s)" in out
    assert all(str(d) in out for d in found)


def test_setup_in_a_fresh_process_makes_the_devices(fresh_python):
    result = fresh_python(
        "from gpukit import devices\n"
        "print(len(devices.setup(virtual=3)))\n"
        "devices.setup(virtual=3)\n"
        "print(devices.replica_devices())\n"
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "3"
    assert "CPU:2" in lines[1]


def test_comparison_mode_turns_tf32_off_and_determinism_on(fresh_python):
    # a fresh process: op determinism cannot be turned off again once on
    proc = fresh_python(
        "import gpukit\nfrom gpukit import devices, tf\n"
        "assert tf.config.experimental.tensor_float_32_execution_enabled()\n"
        "devices.setup(virtual=2, deterministic=True)\n"
        "assert not tf.config.experimental.tensor_float_32_execution_enabled()\n"
        "print(devices.comparison_mode())\n"
        "from gpukit import strategies, models, checks\n"
        "s = strategies.mirrored(devices.replica_devices())\n"
        "m = models.mlp(seed=1, strategy=s)\n"
        "print('replicas', s.num_replicas_in_sync)\n")
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "'tf32': False" in proc.stdout and "replicas 2" in proc.stdout


@pytest.mark.parametrize("gpus, virtual, limits, kind, split", [
    (1, 4, None, "GPU-split", [devices.SPLIT_MB] * 4),   # Colab: one GPU still mirrors over 4
    (1, 1, None, "GPU", None),                          # one GPU, one replica: memory growth
    (1, 2, [2048, 1024], "GPU-split", [2048, 1024]),    # lesson 03's rig
    (2, 4, None, "GPU", None),                          # real GPUs are the replicas
    (8, 4, None, "GPU", None),
    (0, 3, None, "CPU", None),
])
def test_request_for_each_gpu_count(monkeypatch, gpus, virtual, limits, kind, split):
    monkeypatch.setattr(devices, "physical", lambda: {"CPU": 1, "GPU": gpus, "TPU": 0})
    request = devices._request(virtual, True, limits)
    assert request["kind"] == kind
    assert request.get("memory_limits") == split
