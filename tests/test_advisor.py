"""The strategy advisor (lesson 08): the article's table as cases, its corrections, bad input."""

import sys

import pytest

from gpukit import advisor, memory
from gpukit.advisor import Hardware, advise

GB = advisor.GB


def small_model():  # 10 M parameters, Adam: 160 MB fixed; 1 MB of activations per example
    return memory.estimate_from_counts(10_000_000, 250_000)


def test_importable_without_tensorflow():
    assert "gpukit.advisor" in sys.modules
    import subprocess
    code = "import sys, gpukit.advisor; print('tensorflow' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


# --- the table ---------------------------------------------------------------------------------
def test_one_machine_four_gpus_is_mirrored():
    a = advise(Hardware("GPU", 4, 16), global_batch_size=256, estimate=small_model())
    assert (a.strategy, a.parallelism, a.num_replicas) == ("MirroredStrategy", "data", 4)
    assert a.per_replica_batch_sizes == (64,) * 4 and a.accum_steps == 1
    assert a.precision == "mixed_float16"
    assert set(a.reasons) >= {"strategy", "precision", "per_replica_batch", "accum_steps", "global_batch_size"}


def test_homogeneous_cluster_fast_network_is_multiworker_without_extra_accumulation():
    a = advise(Hardware("GPU", 4, 16, machines=4, interconnect="infiniband"), global_batch_size=256,
               estimate=small_model())
    assert a.strategy == "MultiWorkerMirroredStrategy"
    assert (a.num_replicas, a.accum_steps, a.global_batch_size) == (16, 1, 256)


def test_many_machines_slow_network_accumulates_more_examples_per_allreduce():
    a = advise(Hardware("GPU", 1, 16, machines=8, interconnect="ethernet-1g"), global_batch_size=256,
               estimate=small_model())
    assert a.strategy == "MultiWorkerMirroredStrategy"
    assert a.accum_steps == advisor.DEFAULT_SLOW_ACCUM
    assert a.global_batch_size == 256 * advisor.DEFAULT_SLOW_ACCUM
    assert a.per_replica_batch_sizes == (32,) * 8
    assert "slow network" in a.reasons["global_batch_size"]


def test_slow_network_with_measured_compute_derives_accumulation():
    est = small_model()  # 40 MB of gradients
    hw = Hardware("GPU", 1, 16, machines=2, interconnect="ethernet-1g")
    a = advise(hw, global_batch_size=64, estimate=est, seconds_per_example=1e-3)
    comm = 2 * (2 - 1) / 2 * est.gradients / (0.125 * GB)
    compute = 32 * 1e-3
    k = advisor.math.ceil(comm * 0.8 / (0.2 * compute))
    assert a.accum_steps == k and k > 1
    # the chosen k keeps communication at most 20 % of an update
    assert comm / (comm + k * compute) <= advisor.COMM_FRACTION + 1e-12


def test_tpu_is_tpustrategy_with_bfloat16():
    a = advise(Hardware("TPU", 8, 16), global_batch_size=1024, estimate=small_model())
    assert (a.strategy, a.precision, a.num_replicas) == ("TPUStrategy", "mixed_bfloat16", 8)


def test_model_larger_than_any_device_is_model_pipeline_parallel():
    huge = memory.estimate_from_counts(1_000_000_000, 1_000_000)  # 16 GB fixed with Adam
    a = advise(Hardware("GPU", 4, 8), global_batch_size=64, estimate=huge)
    assert a.parallelism == "model/pipeline"
    assert 2 <= a.pipeline_stages <= 4
    assert any("variable_partitioner" in n and "embedding" in n for n in a.notes)


def _stage_bytes(est, p, batch, per_stage=4):
    """Per-stage memory of a p-stage 1F1B pipeline, written out: 1/p of the fixed part, and on the
    first stage p micro-batches (of batch / (per_stage p) examples) of its 1/p of the activations."""
    m = min(batch, per_stage * p)
    in_flight = min(p, m)
    examples = -(-batch // m)
    return est.fixed / p + in_flight * examples * est.activations_per_example / p


def test_pipeline_stages_count_the_micro_batches_in_flight():
    """A model whose one copy fits two devices' worth of weights but whose activations in flight do
    not: sized from one copy (the old rule) it gets too few stages."""
    est = memory.estimate_from_counts(437_500_000, 125_000_000)       # 7 GB fixed, 0.5 GB per example
    usable = 8 * GB * 0.9
    a = advise(Hardware("GPU", 8, 8), global_batch_size=64, estimate=est)
    p = a.pipeline_stages
    assert _stage_bytes(est, p, 64) <= usable < _stage_bytes(est, p - 1, 64)   # fewest stages that fit
    assert p > advisor.math.ceil(est.bytes_for(1) / usable)          # more than one copy's size suggests
    assert "micro-batches of activations" in a.reasons["parallelism"]


def test_table_keeps_a_long_value_apart_from_its_reason():
    huge = memory.estimate_from_counts(1_000_000_000, 1_000_000)
    a = advise(Hardware("GPU", 4, 8), global_batch_size=64, estimate=huge)
    assert len(a.strategy) > 32  # longer than the default column
    line = next(l for l in a.table().splitlines() if l.startswith("strategy"))
    assert line.startswith(f"{'strategy':<20}{a.strategy}  ") and line.endswith(a.reasons["strategy"])


def test_memory_constraint_gives_accumulation():
    est = small_model()  # 1 MB per example: 16 GB x 0.9 - 160 MB holds ~14,240 examples
    a = advise(Hardware("GPU", 2, 1), global_batch_size=2048, estimate=est)
    max_per = int((0.9 * GB - est.fixed) // est.activations_per_example)
    assert a.accum_steps > 1 and a.per_replica_batch_size <= max_per
    assert a.per_replica_batch_size * 2 * a.accum_steps == 2048


@pytest.mark.parametrize("cc, policy", [(7.0, "mixed_float16"), (7.5, "mixed_float16"), (8.0, "mixed_bfloat16"),
                                        (8.9, "mixed_bfloat16"), (9.0, "mixed_bfloat16"), (None, "mixed_float16")])
def test_gpu_precision_follows_the_tensor_cores(cc, policy):
    """bfloat16 tensor cores arrived with compute capability 8.0 (Ampere): there bfloat16 needs no
    loss scaling; 7.x tensor cores do float16 only."""
    a = advise(Hardware("GPU", 1, 16, compute_capability=cc), global_batch_size=32)
    assert a.precision == policy
    if policy == "mixed_bfloat16":
        assert "loss scaling" in a.reasons["precision"]


def test_old_gpu_and_cpu_stay_float32():
    assert advise(Hardware("GPU", 1, 12, compute_capability=6.1), global_batch_size=32).precision == "float32"
    a = advise(Hardware("CPU", 1), global_batch_size=32)
    assert a.precision == "float32" and "CPU" in a.reasons["precision"]
    assert a.strategy == "OneDeviceStrategy"


def test_virtual_cpus_are_mirrored_as_a_stand_in():
    a = advise(Hardware("CPU", 4, physical_devices=1), global_batch_size=64)
    assert a.strategy == "MirroredStrategy" and "stand-in" in a.reasons["strategy"]


# --- corrections of the table ------------------------------------------------------------------
def test_heterogeneous_memory_gets_uneven_batches_not_parameter_servers():
    a = advise(Hardware("GPU", 3, (24, 12, 12)), global_batch_size=64, estimate=small_model())
    assert a.strategy == "MirroredStrategy"
    assert sum(a.per_replica_batch_sizes) == 64 and a.per_replica_batch_sizes[0] > a.per_replica_batch_sizes[1]
    assert any("uneven" in n and "Parameter servers" in n for n in a.notes)


def test_device_too_small_for_the_model_is_left_out():
    est = memory.estimate_from_counts(200_000_000, 1000)  # 3.2 GB fixed
    a = advise(Hardware("GPU", 3, (24, 24, 2)), global_batch_size=64, estimate=est)
    assert a.num_replicas == 2 and any("[2]" in n for n in a.notes)


# --- bad input ----------------------------------------------------------------------------------
def test_batch_that_does_not_split_gets_the_nearest_valid_one():
    a = advise(Hardware("GPU", 4, 16), global_batch_size=251, estimate=small_model())
    assert a.global_batch_size == 252 and a.per_replica_batch_sizes == (63,) * 4
    assert "248 or 252" in a.reasons["global_batch_size"]
    assert advise(Hardware("GPU", 4, 16), global_batch_size=250).global_batch_size == 248  # a tie: the smaller
    a = advise(Hardware("GPU", 4, 16), global_batch_size=2)
    assert a.global_batch_size == 4


@pytest.mark.parametrize("kwargs, match", [
    (dict(devices=0), "impossible hardware"),
    (dict(devices=-1), "impossible hardware"),
    (dict(memory_gb=-8), "impossible"),
    (dict(memory_gb=0), "impossible"),
    (dict(memory_gb=float("nan")), "finite"),
    (dict(machines=0), "machines"),
    (dict(kind="FPGA"), "kind"),
    (dict(interconnect="carrier pigeon"), "interconnect"),
    (dict(devices=2, memory_gb=(16, 16, 16)), "one per device"),
])
def test_impossible_hardware_raises(kwargs, match):
    with pytest.raises(ValueError, match=match):
        Hardware(**{"kind": "GPU", **kwargs})


def test_model_that_fits_nowhere_even_split_raises():
    huge = memory.estimate_from_counts(5_000_000_000, 1)  # 80 GB with Adam
    with pytest.raises(ValueError, match="cannot be trained here"):
        advise(Hardware("GPU", 1, 16), global_batch_size=8, estimate=huge)


@pytest.mark.parametrize("batch", [0, -4, 2.5, "64"])
def test_bad_global_batch_raises(batch):
    with pytest.raises(ValueError, match="global_batch_size"):
        advise(Hardware("GPU", 2, 16), global_batch_size=batch)


def test_table_and_plain_front_end(capsys):
    advisor.explore(interactive=False)
    out = capsys.readouterr().out
    assert "MirroredStrategy" in out and "precision" in out
    advisor.explore(devices=1, memory_gb=1, parameters_millions=5000, interactive=False)
    assert "no advice" in capsys.readouterr().out


def test_widget_builds():
    pytest.importorskip("ipywidgets")
    box = advisor.explore()
    assert "Strategy advisor" in box.children[0].value
