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


def test_model_larger_than_any_device_is_model_pipeline_parallel_without_sharded_state():
    huge = memory.estimate_from_counts(1_000_000_000, 1_000_000)  # 16 GB fixed with Adam
    a = advise(Hardware("GPU", 4, 8), global_batch_size=64, estimate=huge, zero=False)
    assert a.parallelism == "model/pipeline" and a.zero_stage is None
    assert "zero=False" in a.reasons["strategy"]
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
    a = advise(Hardware("GPU", 8, 8), global_batch_size=64, estimate=est, zero=False)
    p = a.pipeline_stages
    assert _stage_bytes(est, p, 64) <= usable < _stage_bytes(est, p - 1, 64)   # fewest stages that fit
    assert p > advisor.math.ceil(est.bytes_for(1) / usable)          # more than one copy's size suggests
    assert "micro-batches of activations" in a.reasons["parallelism"]


def test_table_keeps_a_long_value_apart_from_its_reason():
    huge = memory.estimate_from_counts(1_000_000_000, 1_000_000)
    a = advise(Hardware("GPU", 4, 8), global_batch_size=64, estimate=huge, zero=False)
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


# --- sharded state (ZeRO, lesson 09) before pipeline stages ------------------------------------
def _usable(memory_gb):
    return memory_gb * GB * 0.9  # the default headroom keeps 10 % free


def _zero_slice(est, n, stage):
    """Bytes of state per device under ZeRO `stage` over n replicas, written out from the estimate's
    parts: optimizer slots are cut in n from stage 1, gradients from stage 2, weights from stage 3."""
    return (est.weights / (n if stage >= 3 else 1) + est.gradients / (n if stage >= 2 else 1)
            + est.optimizer / (n if stage >= 1 else 1))


@pytest.mark.parametrize("params, act_values, memory_gb, batch, stage", [
    (1_000_000_000, 1_000_000, 16, 64, 1),      # 16 GB of Adam state on 14.4 GB: slots / 4 -> 10 GB
    (1_000_000_000, 1_000_000, 8, 64, 2),       # on 7.2 GB: + gradients / 4 -> 7 GB
    (3_000_000_000, 5_000_000, 16, 256, 3),     # 48 GB: + weights / 4 -> 12 GB (the capstone's 3 B model)
])
def test_state_that_does_not_fit_is_sharded_with_the_lowest_zero_stage(params, act_values, memory_gb, batch,
                                                                        stage):
    est = memory.estimate_from_counts(params, act_values)
    n, usable = 4, _usable(memory_gb)
    per_replica = batch // n
    assert est.fixed + est.activations_per_example > usable                      # one copy fits no device
    want = _zero_slice(est, n, stage) + per_replica * est.activations_per_example
    assert want <= usable
    if stage > 1:                                                                # the stage below does not fit
        assert _zero_slice(est, n, stage - 1) + per_replica * est.activations_per_example > usable
    a = advise(Hardware("GPU", n, memory_gb), global_batch_size=batch, estimate=est)
    assert a.zero_stage == stage and a.parallelism == f"data, ZeRO-{stage} sharded state"
    assert a.strategy == "MirroredStrategy" and a.num_replicas == n and a.accum_steps == 1
    assert a.per_replica_batch_sizes == (per_replica,) * n
    assert a.bytes_per_device == pytest.approx(want, rel=1e-12)
    assert "lesson 09" in a.reasons["parallelism"] and f"{want / GB:.2f} GB" in a.table()
    ratio = {1: "1.0x", 2: "1.0x", 3: "1.5x"}[stage]   # ring bytes: reduce-scatter + all-gather, as data parallel
    assert f"{ratio} the bytes of data parallelism" in a.reasons["parallelism"]


def test_zero_reads_the_estimates_parts_not_sixteen_bytes_per_parameter():
    """SGD keeps no slots: stage 1 frees nothing, so the advice goes to stage 2 (8 bytes per
    parameter: 4 weights + 4/4 gradients on 4 replicas = 5 GB)."""
    est = memory.estimate_from_counts(1_000_000_000, 1_000_000, optimizer="sgd")
    a = advise(Hardware("GPU", 4, 8), global_batch_size=64, estimate=est)
    assert a.zero_stage == 2
    assert a.bytes_per_device == pytest.approx(4e9 + 1e9 + 16 * 4e6)


def test_zero_prefers_a_higher_stage_to_accumulation_then_the_fewest_micro_batches():
    est = memory.estimate_from_counts(1_000_000_000, 125_000_000)   # 16 GB of state, 0.5 GB per example
    usable, act = _usable(16), est.activations_per_example

    def room(stage):
        return int((usable - _zero_slice(est, 4, stage)) // act)

    assert room(1) < 12 <= room(2)                                   # 48 / 4 = 12 per replica
    a = advise(Hardware("GPU", 4, 16), global_batch_size=48, estimate=est)
    assert (a.zero_stage, a.accum_steps) == (2, 1)
    # 64 per replica fits no stage: the stage needing the fewest micro-batches (ceil(64 / room))
    fewest = min(range(1, 4), key=lambda k: (-(-64 // room(k)), k))
    a = advise(Hardware("GPU", 4, 16), global_batch_size=256, estimate=est)
    assert a.zero_stage == fewest == 3 and a.accum_steps > 1
    assert a.per_replica_batch_size <= room(3) and a.per_replica_batch_size * 4 * a.accum_steps == 256


def test_too_large_even_for_zero_3_falls_back_to_pipeline_stages():
    """30 GB of state on 24/24/2 GB: ZeRO-3 gives each device 10 GB, more than the 2 GB one holds;
    two pipeline stages on the two large devices do."""
    est = memory.estimate_from_counts(1_875_000_000, 1_000_000)
    assert _zero_slice(est, 3, 3) + est.activations_per_example > _usable(2)
    a = advise(Hardware("GPU", 3, (24, 24, 2)), global_batch_size=64, estimate=est)
    assert a.parallelism == "model/pipeline" and a.pipeline_stages == 2 and a.zero_stage is None
    assert "even ZeRO-3 over the 3 replicas needs 10.00 GB" in a.reasons["strategy"]


def test_one_device_zero_cannot_help_and_says_so():
    est = memory.estimate_from_counts(1_250_000_000, 1000)      # 20 GB of state
    with pytest.raises(ValueError, match="ZeRO needs several replicas") as err:
        advise(Hardware("GPU", 1, 16), global_batch_size=8, estimate=est)
    assert "cannot be trained here" in str(err.value)


def test_zero_over_several_machines_counts_every_replica():
    est = memory.estimate_from_counts(1_000_000_000, 1_000_000)      # 16 GB of state
    a = advise(Hardware("GPU", 1, 8, machines=4, interconnect="infiniband"), global_batch_size=64, estimate=est)
    assert a.zero_stage == 2 and a.strategy == "MultiWorkerMirroredStrategy"
    assert a.bytes_per_device == pytest.approx(_zero_slice(est, 4, 2) + 16 * est.activations_per_example)


# --- long sequences: context parallelism (lesson 10) -------------------------------------------
def _context_devices(L, heads, value_bytes, usable, replicas):
    """The fewest devices n (dividing the replicas) whose (L/n)^2 x heads block of scores takes at
    most a quarter of a device in training: P, dP and dS at once, 3 matrices."""
    for n in range(1, replicas + 1):
        if replicas % n == 0 and 3 * (L / n) ** 2 * heads * value_bytes <= 0.25 * usable:
            return n


@pytest.mark.parametrize("L, heads, cc, value_bytes", [
    (65536, 8, 8.0, 2),     # bfloat16 scores in training: 3 x 68.7 GB per layer -> 8 devices
    (32768, 8, 8.0, 2),     # 3 x 17.2 GB -> 4 devices, 2 groups
    (32768, 16, 6.1, 4),    # an old GPU computes in float32: 3 x 68.7 GB -> 8 devices
])
def test_long_sequence_is_split_over_the_fewest_devices_whose_blocks_fit(L, heads, cc, value_bytes):
    est = memory.estimate_from_counts(100_000_000, 2_000_000)
    want = _context_devices(L, heads, value_bytes, _usable(16), 8)
    assert want > 1 and 3 * L * L * heads * value_bytes > 0.25 * _usable(16)
    a = advise(Hardware("GPU", 8, 16, compute_capability=cc), global_batch_size=64, estimate=est,
               sequence_length=L, attention_heads=heads)
    assert a.context_parallel == want and f"context-parallel x{want}" in a.parallelism
    assert a.num_replicas == 8 // want and a.per_replica_batch_sizes == (64 // (8 // want),) * (8 // want)
    reason = a.reasons["context_parallel"]
    assert "ring attention, lesson 10" in reason and f"{3 * L * L * heads * value_bytes / GB:.2f} GB" in reason
    assert f"{3 * (L // want) ** 2 * heads * value_bytes / GB:.2f} GB" in reason and "in training" in reason
    # each device keeps 1/n of an example's activations
    assert a.bytes_per_device == pytest.approx(est.fixed + a.per_replica_batch_size * est.activations_per_example
                                               / want)
    assert "context parallel" in a.table()


def test_short_sequence_changes_nothing_but_says_why():
    est = small_model()
    plain = advise(Hardware("GPU", 4, 16, compute_capability=8.0), global_batch_size=256, estimate=est)
    a = advise(Hardware("GPU", 4, 16, compute_capability=8.0), global_batch_size=256, estimate=est,
               sequence_length=2048, attention_heads=8)
    assert a.context_parallel == 1 and "one device holds a whole sequence" in a.reasons["context_parallel"]
    for field in ("strategy", "parallelism", "num_replicas", "global_batch_size", "per_replica_batch_sizes",
                  "accum_steps", "precision", "bytes_per_device"):
        assert getattr(a, field) == getattr(plain, field), field
    unknown = advise(Hardware("GPU", 4), global_batch_size=64, sequence_length=10**6)
    assert unknown.context_parallel == 1 and "not checked" in unknown.reasons["context_parallel"]


def test_sequence_too_long_even_over_every_device_raises():
    with pytest.raises(ValueError, match="flash"):
        advise(Hardware("GPU", 2, 16), global_batch_size=8, estimate=small_model(), sequence_length=1_000_000)


@pytest.mark.parametrize("zero", [True, False])
def test_long_sequence_and_a_model_that_needs_pipeline_stages_is_refused_by_name(zero):
    """Pipeline stages sized on whole sequences would not hold one example's attention scores, and
    stages split again for the sequence are not planned: the advice says so instead of a wrong plan."""
    L, heads = 16384, 8                                   # 3 x 4.3 GB of bfloat16 scores in training
    est = memory.estimate_from_counts(1_875_000_000, 1_000_000)   # 30 GB of state
    hw = Hardware("GPU", 8, (24,) * 7 + (2,), compute_capability=8.0)
    cp = _context_devices(L, heads, 2, _usable(2), 8)    # the smallest device decides
    assert cp == 8
    alone = advise(hw, global_batch_size=64, estimate=est, zero=zero)     # the same model, short sequences
    assert alone.parallelism == "model/pipeline"
    with pytest.raises(ValueError, match=f"sequence_length={L}: .* split over {cp} devices .* pipeline stages too"
                                         ) as err:
        advise(hw, global_batch_size=64, estimate=est, zero=zero, sequence_length=L, attention_heads=heads)
    assert ("zero=False" in str(err.value)) == (not zero)
    assert "shorten the sequence" in str(err.value)


# --- mixture of experts: expert parallelism (lesson 10) ----------------------------------------
def test_experts_that_do_not_fit_one_device_are_spread_over_the_devices():
    params, experts, per_expert = 2_000_000_000, 16, 100_000_000
    est = memory.estimate_from_counts(params, 1_000_000)          # Adam: 16 bytes per parameter
    assert est.bytes_for(1) > _usable(16)
    per_device = experts // 8
    state = (params - experts * per_expert) * 16 + per_device * per_expert * 16
    a = advise(Hardware("GPU", 8, 16), global_batch_size=64, estimate=est, num_experts=experts,
               expert_params=per_expert)
    assert (a.expert_parallel, a.experts_per_device) == (8, per_device) and a.zero_stage is None
    assert a.parallelism == "data, expert-parallel x8" and a.num_replicas == 8
    assert a.bytes_per_device == pytest.approx(state + 8 * est.activations_per_example)
    assert "all-to-all" in a.reasons["expert_parallel"] and "2 per device" in a.reasons["expert_parallel"]
    assert "8 devices, 2 experts each" in a.table()


def test_experts_that_fit_stay_on_every_device():
    a = advise(Hardware("GPU", 4, 16), global_batch_size=256, estimate=small_model(), num_experts=8,
               expert_params=1_000_000)
    assert (a.expert_parallel, a.experts_per_device, a.parallelism) == (1, 8, "data")
    assert "fit on every device" in a.reasons["expert_parallel"]


def test_experts_that_do_not_fit_even_spread_go_to_zero():
    est = memory.estimate_from_counts(3_000_000_000, 1_000_000)     # 48 GB, of which 22.4 GB dense
    a = advise(Hardware("GPU", 8, 16), global_batch_size=64, estimate=est, num_experts=16,
               expert_params=100_000_000)
    assert a.expert_parallel == 1 and a.zero_stage == 3
    assert "alone does not fit" in a.reasons["expert_parallel"]


# --- default unchanged --------------------------------------------------------------------------
def test_without_the_new_arguments_the_advice_has_no_new_fields():
    a = advise(Hardware("GPU", 4, 16), global_batch_size=256, estimate=small_model())
    assert (a.zero_stage, a.bytes_per_device, a.context_parallel, a.expert_parallel, a.experts_per_device) == \
        (None,) * 5
    labels = [line[:20].strip() for line in a.table().splitlines()]
    assert labels == ["choice", "strategy", "parallelism", "global batch", "per-replica batch",
                      "accumulation steps", "precision"]


# --- bad input for the new arguments ----------------------------------------------------------
@pytest.mark.parametrize("kwargs, match", [
    (dict(sequence_length=0), "sequence_length"),
    (dict(sequence_length=2.5), "sequence_length"),
    (dict(sequence_length=1024, attention_heads=0), "attention_heads"),
    (dict(attention_heads=8), "pass sequence_length"),
    (dict(num_experts=0, expert_params=1000), "num_experts"),
    (dict(num_experts=8), "expert_params"),
    (dict(expert_params=1000), "pass num_experts"),
    (dict(num_experts=8, expert_params=-1), "expert_params"),
    (dict(num_experts=8, expert_params=2_000_000), "whole model"),
    (dict(zero="yes"), "zero"),
])
def test_bad_new_arguments_raise(kwargs, match):
    with pytest.raises(ValueError, match=match):
        advise(Hardware("GPU", 4, 16), global_batch_size=64, estimate=small_model(), **kwargs)


def test_experts_need_an_estimate():
    with pytest.raises(ValueError, match="needs estimate"):
        advise(Hardware("GPU", 4, 16), global_batch_size=64, num_experts=8, expert_params=1000)


@pytest.mark.parametrize("experts, match", [(12, r"multiple of 8 experts \(8, 16\)"),
                                             (4, r"multiple of 8 experts \(8\)")])
def test_experts_that_do_not_spread_evenly_raise(experts, match):
    est = memory.estimate_from_counts(2_000_000_000, 1_000_000)
    with pytest.raises(ValueError, match=match):
        advise(Hardware("GPU", 8, 16), global_batch_size=64, estimate=est, num_experts=experts,
               expert_params=100_000_000)


# --------------------------------------------------------------------------- large models: lesson 11's planner


def test_a_transformer_is_planned_by_lesson_11s_planner_and_fits():
    from gpukit import plan

    bloom = plan.PUBLISHED["BLOOM-176B"]["model"]
    hw = Hardware("GPU", 8, 80.0, machines=48, interconnect="infiniband")
    a = advise(hw, global_batch_size=2048, transformer=bloom, accelerator="A100 80GB")
    best = plan.recommend(bloom, plan.Cluster("A100 80GB", 384, per_node=8, inter_node_GBps=25.0), 2048)
    assert a.parallelism == str(best.layout) and a.pipeline_stages == best.layout.pp
    assert a.bytes_per_device == best.memory["total"] <= 0.9 * 80e9
    assert "planned by gpukit.plan (lesson 11)" in a.reasons["parallelism"] and "fits" in a.reasons["parallelism"]


@pytest.mark.parametrize("kwargs, match", [
    (dict(accelerator="B200"), "name the devices' kind"),
    (dict(accelerator=None), "name the devices' kind"),
])
def test_a_transformer_without_a_known_accelerator_is_refused(kwargs, match):
    from gpukit import plan

    with pytest.raises(ValueError, match=match):
        advise(Hardware("GPU", 8, 80.0), global_batch_size=64, transformer=plan.PUBLISHED["BLOOM-176B"]["model"],
               **kwargs)


def test_a_transformer_that_is_not_a_plan_model_is_refused():
    with pytest.raises(ValueError, match=r"transformer must be a gpukit.plan.Model"):
        advise(Hardware("GPU", 8, 80.0), global_batch_size=64, transformer="gpt", accelerator="A100 80GB")
