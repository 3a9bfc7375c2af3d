"""gpukit.memory on rigs of 1-8 devices (lesson 03 on any GPU count) and devices.gpu_memory_mb's parsing."""

from __future__ import annotations

import pytest

from gpukit import batching, devices
from gpukit import memory as mem

MiB = 2**20
HEADROOM = 0.1

RIGS = {  # memory per device (MB): a CPU's simulated rig, and GPU machines of 2, 3 and 8 cards
    1: [16384],
    2: [24576, 12288],
    3: [16384, 16384, 8192],
    8: [81920] * 4 + [40960] * 4,
}


def _estimate():
    return mem.estimate_from_counts(50_000_000, 2_000_000)  # 0.75 GiB fixed with Adam, ~7.6 MiB per example


@pytest.mark.parametrize("n", sorted(RIGS))
def test_a_rig_of_n_devices_plans_batches_that_sum_and_fit(n):
    sizes, source = mem.rig_memory_mb(n, RIGS[n])
    assert sizes == RIGS[n] and source == "your RIG_MB"
    estimate = _estimate()
    memory = [mb * MiB for mb in sizes]
    fits = [int((m * (1 - HEADROOM) - estimate.fixed) // estimate.activations_per_example) for m in memory]
    gb = n * min(3 * min(fits) // 2, sum(fits) // n)  # lesson 03's choice: even split at 1.5x the smallest
    plan = mem.plan(sizes, gb, memory=memory, estimate=estimate, headroom=HEADROOM, num_replicas=n)
    assert sum(plan.per_replica_batch_sizes) == gb
    for batch, m in zip(plan.per_replica_batch_sizes, memory):
        assert estimate.fixed + batch * estimate.activations_per_example <= m * (1 - HEADROOM)
    even = batching.even(gb, n)
    overflows = any(estimate.bytes_for(b) > m * (1 - HEADROOM) for b, m in zip(even, memory))
    assert overflows == (min(fits) < gb / n)
    assert overflows == (len(set(sizes)) > 1)  # only unequal devices make the even split overflow


@pytest.mark.parametrize("n", [2, 3, 8])
def test_detected_sizes_win_over_the_learners_list(n):
    sizes, source = mem.rig_memory_mb(n, [4096, 2048, 1024, 1024], detected_mb=RIGS[n])
    assert sizes == RIGS[n] and source == "read from the GPUs"


@pytest.mark.parametrize("n", [1, 2, 3, 8])
def test_a_device_list_of_the_wrong_length_is_a_clear_error(n):
    with pytest.raises(ValueError) as err:
        mem.rig_memory_mb(n, [4096, 2048, 1024, 1024, 512])  # 5 sizes
    text = str(err.value)
    assert f"5 memory sizes (your RIG_MB" in text and f"for {n} replicas" in text
    assert "one size in MB per device" in text and f"RIG_MB = [{', '.join(['4096', '2048', '1024', '1024', '512'][:n])}" in text


def test_a_plan_for_more_devices_than_replicas_is_a_clear_error():
    with pytest.raises(ValueError, match="4 capacities for 2 replicas: give exactly one per replica"):
        mem.plan([4096, 2048, 1024, 1024], 64, num_replicas=2)


@pytest.mark.parametrize("bad, message", [
    ([4096, 0], r"memory sizes \(MB\)\[1\]=0 must be > 0"),
    ("4096", "must be a list of positive numbers"),
    ([], "is empty"),
])
def test_bad_memory_sizes_are_refused(bad, message):
    with pytest.raises(ValueError, match=message):
        mem.rig_memory_mb(2, bad)


@pytest.mark.parametrize("n", [0, 2.0, True])
def test_bad_replica_counts_are_refused(n):
    with pytest.raises(ValueError, match="num_replicas"):
        mem.rig_memory_mb(n, [1024])


CSV = "0, 81920\n1, 81920\n2, 40960\n3, 40960\n"


@pytest.mark.parametrize("visible, count, expected", [
    (None, 4, [81920, 81920, 40960, 40960]),
    ("", 4, [81920, 81920, 40960, 40960]),
    ("2,0", 2, [40960, 81920]),        # CUDA_VISIBLE_DEVICES order is TensorFlow's GPU:0, GPU:1
    ("3", 1, [40960]),
    ("GPU-1a2b", 1, None),             # UUIDs: cannot be mapped -> use your own list
    (None, 2, None),                   # nvidia-smi sees 4 cards, TensorFlow 2: do not guess
    ("7", 1, None),
])
def test_nvidia_smi_output_is_mapped_to_tensorflows_gpus(visible, count, expected):
    assert devices.parse_gpu_memory(CSV, visible, count) == expected


def test_unreadable_nvidia_smi_output_means_use_your_list():
    assert devices.parse_gpu_memory("No devices were found", None, 1) is None


def test_on_cpu_no_gpu_memory_is_read():
    assert devices.physical()["GPU"] == 0
    assert devices.gpu_memory_mb() is None


def test_the_length_error_is_documented_word_for_word():
    import pathlib

    doc = (pathlib.Path(__file__).resolve().parents[1] / "docs" / "troubleshooting.md").read_text()
    with pytest.raises(ValueError) as err:
        mem.rig_memory_mb(2, [4096, 2048, 1024, 1024])
    assert str(err.value).split(". Give")[0] + "." in doc
