import pytest

from gpukit import bench


def test_median_seconds_skips_warmup_and_takes_the_median():
    calls = []
    seconds = bench.median_seconds(lambda: calls.append(1), repeats=3, warmup=2)
    assert len(calls) == 5 and seconds >= 0.0


@pytest.mark.parametrize("kwargs", [{"repeats": 0}, {"warmup": -1}])
def test_median_seconds_bad_arguments(kwargs):
    with pytest.raises(ValueError, match="repeats"):
        bench.median_seconds(lambda: None, **kwargs)


# --------------------------------------------------------------------------- lesson 07

import math  # noqa: E402

import numpy as np  # noqa: E402

from gpukit import data, models, strategies, training  # noqa: E402
from gpukit._tf import keras, tf  # noqa: E402


class FakeClock:
    """A clock that only moves when a fake step runs: timing logic tested without timing."""

    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


def fake_step(clock, costs):
    costs = list(costs)

    def step(batch):
        clock.now += costs.pop(0)
        return batch

    return step


def test_epoch_timer_records_each_epoch_from_its_begin_to_its_end(monkeypatch):
    """Lesson 01's timing table reads the last epoch of its fits from this callback. Planted bugs it catches: the
    clock started once (each entry the time since the first epoch), an epoch not recorded."""
    clock = FakeClock()
    monkeypatch.setattr(bench.time, "perf_counter", clock)
    timer = bench.epoch_timer()
    for epoch, cost in enumerate((2.0, 0.25)):
        clock.now += 7.0  # between epochs (evaluation, callbacks): not the epoch's
        timer.on_epoch_begin(epoch)
        clock.now += cost
        timer.on_epoch_end(epoch)
    assert timer.seconds == [2.0, 0.25]
    monkeypatch.undo()
    model = models.mlp(input_shape=(4,), hidden=(3,), seed=0)
    model.compile(optimizer="sgd", loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    fitted = bench.epoch_timer()
    model.fit(np.zeros((8, 4), "float32"), np.zeros(8, "int64"), epochs=3, batch_size=4, verbose=0, callbacks=[fitted])
    assert len(fitted.seconds) == 3 and all(s > 0 for s in fitted.seconds)


def test_time_steps_reports_first_step_and_warmup_apart_from_the_steady_state():
    clock = FakeClock()
    costs = [2.0, 0.5, 0.1, 0.3, 0.2, 0.1]
    t = bench.time_steps(fake_step(clock, costs), range(10), warmup=2, repeats=4, global_batch_size=32, clock=clock)
    assert t.first_s == 2.0 and t.warmup_s == [0.5]
    assert t.times == pytest.approx([0.1, 0.3, 0.2, 0.1])
    assert t.median_s == pytest.approx(0.15) and t.samples_per_s == pytest.approx(32 / 0.15)
    low, high = t.spread_s
    assert low <= t.median_s <= high
    row = t.row()
    assert row["first_ms"] == 2000.0 and row["median_ms"] == 150.0 and row["repeats"] == 4
    assert "first step 2000.0 ms" in str(t)


def test_time_steps_bad_inputs_raise_before_any_step():
    def step(batch):
        raise AssertionError("no step may run")

    with pytest.raises(ValueError, match="repeats=0 must be a positive int"):
        bench.time_steps(step, range(10), repeats=0)
    with pytest.raises(ValueError, match="warmup=0 must be a positive int"):
        bench.time_steps(step, range(10), warmup=0)
    with pytest.raises(ValueError, match=r"warmup=3 >= the 3 steps the dataset has"):
        bench.time_steps(step, range(3), warmup=3, repeats=1)
    with pytest.raises(ValueError, match="the dataset has only 5 batches"):
        bench.time_steps(step, range(5), warmup=2, repeats=4)
    with pytest.raises(ValueError, match="the dataset is empty"):
        bench.time_steps(step, tf.data.Dataset.range(0), warmup=1, repeats=1)


def test_time_steps_refuses_a_dataset_distributed_for_another_replica_count():
    x, y = data.synthetic(64, shape=(64,))
    two = strategies.mirrored(["/cpu:0", "/cpu:1"])
    four = strategies.mirrored(["/cpu:0", "/cpu:1", "/cpu:2", "/cpu:3"])
    dist, _ = data.distribute(two, x, y, global_batch_size=16)
    with pytest.raises(ValueError, match="distributed for 2 replicas but the strategy has 4"):
        bench.time_steps(lambda b: None, dist, warmup=1, repeats=1, strategy=four)


def test_step_timing_runs_the_ctl_under_each_strategy_on_the_same_global_batch():
    x, y = data.synthetic(256, shape=(64,))
    timings = bench.compare_strategies(x, y, global_batch_size=32, replica_counts=(0, 2), hidden=(16,),
                                       warmup=2, repeats=3)
    assert [t.name for t in timings] == ["no strategy", "Mirrored x2"]
    for t in timings:
        assert t.global_batch_size == 32 and len(t.times) == 3 and len(t.warmup_s) == 1
        assert t.first_s > 0 and t.median_s > 0


def _ring_by_steps(nbytes, n, bandwidth, latency):
    """A ring all-reduce played step by step: reduce-scatter then all-gather, each step every
    device sends one chunk of nbytes / n to its neighbour and pays the latency once."""
    chunk, total = nbytes / n, 0.0
    for phase in ("reduce-scatter", "all-gather"):
        for _ in range(n - 1):
            total += latency + chunk / bandwidth
    return total


def test_ring_allreduce_model():
    assert bench.ring_allreduce_seconds(1e9, 1, 1e9, 1e-3) == 0.0
    assert bench.ring_allreduce_seconds(1e9, 2, 1e9) == pytest.approx(1.0)           # 2 (n-1)/n = 1
    for nbytes, n, bw, lat in [(1e9, 4, 1e9, 1e-3), (4e5, 8, 32e9, 1e-5), (4e8, 16, 300e9, 5e-6)]:
        assert bench.ring_allreduce_seconds(nbytes, n, bw, lat) == pytest.approx(_ring_by_steps(nbytes, n, bw, lat))
    # latency once instead of per step (the old model) is far off for a small buffer on 8 devices
    assert bench.ring_allreduce_seconds(4e5, 8, 32e9, 1e-5) > 5 * (2 * 7 / 8 * 4e5 / 32e9 + 1e-5)
    # the bandwidth term tends to 2 x bytes / bandwidth, whatever the device count
    assert bench.ring_allreduce_seconds(1e9, 1000, 1e9) == pytest.approx(2 * 999 / 1000)
    link = bench.INTERCONNECTS["pcie"]
    assert bench.interconnect_seconds(4e8, 8, "PCIe 4.0 x16") == pytest.approx(
        _ring_by_steps(4e8, 8, link["bandwidth_GBps"] * 1e9, link["latency_us"] * 1e-6))
    with pytest.raises(ValueError, match="unknown interconnect"):
        bench.interconnect_seconds(1, 2, "carrier pigeon")
    with pytest.raises(ValueError, match="bandwidth_Bps=0"):
        bench.ring_allreduce_seconds(1, 2, 0)
    with pytest.raises(ValueError, match="num_replicas=0"):
        bench.ring_allreduce_seconds(1, 0, 1e9)


def test_fit_latency_bandwidth_recovers_a_line():
    nbytes = np.array([1e3, 1e5, 1e6, 4e6])
    latency, bandwidth = bench.fit_latency_bandwidth(nbytes, 2e-4 + nbytes / 5e9)
    assert latency == pytest.approx(2e-4, rel=1e-6) and bandwidth == pytest.approx(5e9, rel=1e-6)
    with pytest.raises(ValueError, match="two different sizes"):
        bench.fit_latency_bandwidth([1e3], [1.0])


def test_fit_ring_model_recovers_latency_per_step_and_bandwidth():
    nbytes = np.array([4e3, 4e4, 4e5, 4e6])
    seconds = [_ring_by_steps(b, 4, 2e9, 3e-5) for b in nbytes]
    latency, bandwidth = bench.fit_ring_model(nbytes, seconds, 4)
    assert latency == pytest.approx(3e-5, rel=1e-6) and bandwidth == pytest.approx(2e9, rel=1e-6)
    with pytest.raises(ValueError, match="num_replicas=1"):
        bench.fit_ring_model(nbytes, seconds, 1)


def test_predict_step_and_break_even():
    assert bench.predict_step_seconds(0.01, 0.002, 4) == pytest.approx(0.012)           # GPUs: in parallel
    assert bench.predict_step_seconds(0.01, 0.002, 4, parallel_devices=1) == pytest.approx(0.042)  # shared cores
    params, n, bw, lat, flops = 10**7, 8, 32e9, 1e-5, 1e14
    b = bench.break_even_batch(params, n, bw, lat, flops)
    t_ar = bench.ring_allreduce_seconds(4 * params, n, bw, lat)
    per_example = 6 * params / flops
    assert (n - 1) * b * per_example > t_ar >= (n - 1) * (b - 1) * per_example   # smallest batch that wins
    t_steps = _ring_by_steps(4 * params, n, bw, lat)                              # the same, step by step
    assert (n - 1) * b * per_example > t_steps >= (n - 1) * (b - 1) * per_example
    # a conv net's weights are used at many positions: more FLOPs per weight, a smaller break-even batch
    assert bench.break_even_batch(params, n, bw, lat, flops, flops_per_param=900) < b
    assert bench.break_even_batch(params, n, 300e9, lat, flops) < b               # faster link, smaller batch
    with pytest.raises(ValueError, match="num_replicas=1"):
        bench.break_even_batch(params, 1, bw, lat, flops)


def test_allreduce_timing_sums_over_replicas_and_nccl_fails_on_cpu():
    strategy = bench.allreduce_strategy("ReductionToOneDevice", 4)
    t = bench.allreduce_timing(strategy, 1000, warmup=1, repeats=2)
    assert t.num_replicas == 4 and len(t.times) == 2
    rows = bench.allreduce_sweep(("HierarchicalCopyAllReduce", "NcclAllReduce"), num_floats=(16, 256),
                                 num_replicas=2, warmup=1, repeats=2)
    ok = [r for r in rows if not r["error"]]
    assert [r["bytes"] for r in ok] == [64, 1024] and all(r["median_ms"] > 0 for r in ok)
    (nccl,) = [r for r in rows if r["implementation"] == "NcclAllReduce"]
    assert "nccl" in nccl["error"].lower() and nccl["median_ms"] is None
    with pytest.raises(ValueError, match="unknown implementation"):
        bench.allreduce_strategy("MagicAllReduce", 2)


def test_allreduce_really_sums():
    strategy = bench.allreduce_strategy("ReductionToOneDevice", 4)
    values = strategy.experimental_distribute_values_from_function(
        lambda ctx: tf.fill([3], tf.cast(ctx.replica_id_in_sync_group + 1, tf.float32)))
    out = strategy.run(lambda t: tf.distribute.get_replica_context().all_reduce("SUM", t), args=(values,))
    for local in strategy.experimental_local_results(out):
        np.testing.assert_allclose(local.numpy(), [10.0, 10.0, 10.0])


def test_slow_dataset_variants_yield_the_same_batches_and_cache_reads_once():
    x, y = data.synthetic(96, shape=(8,))
    reference = [b[0].numpy() for b in tf.data.Dataset.from_tensor_slices((x, y)).batch(32)]
    for variant in bench.PIPELINES:
        reads = []
        ds = bench.slow_dataset(x, y, global_batch_size=32, variant=variant, read_ms=0.1, reads=reads)
        for _ in range(3):
            got = [b[0].numpy() for b in ds]
        assert len(got) == 3 and all(np.array_equal(a, b) for a, b in zip(got, reference))
        assert len(reads) == (3 if "cache" in variant or variant == "all three" else 9), variant
    with pytest.raises(ValueError, match="unknown variant"):
        bench.slow_dataset(x, y, global_batch_size=32, variant="turbo")
    with pytest.raises(ValueError, match="the dataset would be empty"):
        bench.slow_dataset(x, y, global_batch_size=128)


def _one_device_step(global_batch_size):
    model = models.mlp(input_shape=(8,), hidden=(8,), seed=0)
    return training.make_train_step(tf.distribute.get_strategy(), model, keras.optimizers.SGD(0.1), global_batch_size)


def test_input_or_compute_and_epoch_timings_report_their_parts():
    x, y = data.synthetic(96, shape=(8,))
    step = _one_device_step(32)
    ds = bench.slow_dataset(x, y, global_batch_size=32, read_ms=1)
    out = bench.input_or_compute(step, ds)
    assert out["steps"] == 3 and out["bound"] in ("input", "compute")
    assert out["input_s"] >= 3 * 1e-3          # a sleep lasts at least its delay: a floor, not a race
    assert len(bench.epoch_timings(step, ds, epochs=2)) == 2
    empty = tf.data.Dataset.from_tensor_slices((x[:0], y[:0])).batch(32)
    with pytest.raises(ValueError, match="empty"):
        bench.input_or_compute(step, empty)
    with pytest.raises(ValueError, match="empty"):
        bench.epoch_timings(step, empty)


def test_profile_steps_writes_a_trace_that_trace_summary_reads(tmp_path):
    x, y = data.synthetic(96, shape=(8,))
    step = _one_device_step(32)
    ds = tf.data.Dataset.from_tensor_slices((x, y)).batch(32, drop_remainder=True).repeat()
    path = bench.profile_steps(step, ds, tmp_path / "profile", steps=2)
    assert path.exists() and path.name.endswith(".xplane.pb")
    names = {name: count for name, ms, count in bench.trace_summary(path, top=50)}
    assert names.get("train") == 2                 # our step markers, one per profiled step


def test_scaling_figure(tmp_path):
    clock = FakeClock()
    t = bench.time_steps(fake_step(clock, [1.0, 0.2, 0.1, 0.1]), range(4), warmup=2, repeats=2,
                         global_batch_size=8, clock=clock, name="fake")
    fig = bench.scaling_figure([t], {"fake": 0.2}, tmp_path / "scaling.png")
    assert (tmp_path / "scaling.png").stat().st_size > 0 and fig is not None
    assert not math.isnan(t.samples_per_s)
