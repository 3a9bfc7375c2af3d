"""gpukit.uneven_batches: plans that sum and fit, exact gradients with uneven batches, clear errors."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

from gpukit import batching, checks, devices, keras, models, uneven_batches, strategies, tf, training
from gpukit import memory as mem

GiB = 2**30


# --- planning (plain Python) ---------------------------------------------------------------


@pytest.mark.parametrize("capacities, gb, expected", [
    ([2, 1, 1], 64, [32, 16, 16]),
    ([3, 1], 64, [48, 16]),
    ([24, 12], 48, [32, 16]),
    ([1, 1, 1], 10, [4, 3, 3]),
    ([1, 1, 1, 100], 10, [1, 1, 1, 7]),  # every replica gets at least one example
])
def test_plan_is_proportional_and_sums_to_global(capacities, gb, expected):
    p = mem.plan(capacities, gb)
    assert list(p.per_replica_batch_sizes) == expected
    assert sum(p.per_replica_batch_sizes) == gb
    assert p.arithmetic().endswith(f"= {gb}")


def test_plan_respects_memory_and_stays_close_to_proportional():
    rng = random.Random(0)
    estimate = mem.estimate_from_counts(2_000_000, 50_000)
    for _ in range(200):
        n = rng.randint(1, 6)
        memory = [rng.choice([1, 2, 4, 8, 12, 24]) * GiB for _ in range(n)]
        capacities = [rng.uniform(0.1, 10) for _ in range(n)]
        room = sum(mem.max_batch_sizes(memory, estimate, 0.1))
        gb = rng.randint(n, room)
        p = mem.plan(capacities, gb, memory=memory, estimate=estimate)
        assert sum(p.per_replica_batch_sizes) == gb
        assert all(1 <= b <= m for b, m in zip(p.per_replica_batch_sizes, p.max_batch_sizes))
        assert all(need <= 0.9 * mem for need, mem in zip(p.memory_needed(), memory))
        for row in p.rows():  # uncapped replicas: within one example of their ideal share
            if row["batch"] < row["max_batch"] and row["ideal"] >= 1:
                assert row["batch"] >= math.floor(row["ideal"]) - 1


def test_plan_moves_the_excess_of_a_full_device_to_the_others():
    estimate = mem.estimate_from_counts(1_000_000, 250_000)  # ~1 MiB per example
    memory = [4 * GiB, 1 * GiB]
    p = mem.plan([1, 1], 2000, memory=memory, estimate=estimate)
    small_max = p.max_batch_sizes[1]
    assert p.per_replica_batch_sizes == (2000 - small_max, small_max)
    assert small_max < 1000  # an even split would not fit the small device
    with pytest.raises(MemoryError, match="simulated"):
        mem.check_fits(batching.even(2000, 2), memory, estimate, headroom=0.1)
    mem.check_fits(p.per_replica_batch_sizes, memory, estimate, headroom=0.1)
    with pytest.raises(ValueError, match="2 batch sizes for 1 devices"):
        mem.check_fits([10, 10**9], memory[:1], estimate)
    with pytest.raises(ValueError, match="headroom"):
        mem.check_fits([10, 10], memory, estimate, headroom=1.5)


def test_too_big_a_batch_suggests_an_accumulation_that_splits_exactly():
    estimate = mem.estimate_from_counts(1000, 1000)
    room_for_40 = [estimate.bytes_for(40)]
    assert mem.max_batch_sizes(room_for_40, estimate, headroom=0.0) == [40]
    # ceil(100 / 40) = 3 would be micro-batches of 33.3: not a split lesson 04 accepts
    with pytest.raises(ValueError, match=r"accum_steps=4 micro-batches of 25"):
        mem.plan([1], 100, memory=room_for_40, estimate=estimate, headroom=0.0)


def test_plan_table_explains_every_number():
    estimate = mem.estimate_from_counts(1_000_000, 1000)
    text = str(mem.plan([2, 1, 1], 48, memory=[2 * GiB, GiB, GiB], estimate=estimate))
    for word in ("capacity", "share", "ideal", "batch", "max_batch", "needed_mib", "memory_mib",
                 "global_batch_size = 24 + 12 + 12 = 48", "headroom"):
        assert word in text


@pytest.mark.parametrize("capacities, gb, kwargs, message", [
    ([], 8, {}, "capacities is empty"),
    ([2, 0, 1], 8, {}, r"capacities\[1\]=0 must be > 0"),
    ([2, -1], 8, {}, r"capacities\[1\]=-1 must be > 0"),
    ([2, float("nan")], 8, {}, "not finite"),
    ([2, float("inf")], 8, {}, "not finite"),
    ([2, "big"], 8, {}, "not a number"),
    ("21", 8, {}, "must be a list"),
    ([2, 1, 1], 2, {}, "smaller than the 3 replicas"),
    ([2, 1, 1], 0, {}, "positive int"),
    ([2, 1, 1], 8.5, {}, "positive int"),
    ([2, 1, 1], 8, {"num_replicas": 2}, "3 capacities for 2 replicas"),
    ([2, 1], 8, {"memory": [GiB]}, "together"),
    ([2, 1], 8, {"memory": [GiB, 0], "estimate": mem.estimate_from_counts(10, 1)}, r"memory\[1\]=0 must be > 0"),
    ([2, 1], 8, {"memory": [GiB], "estimate": mem.estimate_from_counts(10, 1)}, "1 memory sizes for 2"),
])
def test_bad_inputs_raise_value_error(capacities, gb, kwargs, message):
    with pytest.raises(ValueError, match=message):
        mem.plan(capacities, gb, **kwargs)


def test_a_model_larger_than_the_smallest_device_says_by_how_much_and_what_to_do():
    estimate = mem.estimate_from_counts(100_000_000, 1000)  # 1.5 GiB fixed with Adam
    with pytest.raises(ValueError) as err:
        mem.plan([2, 1], 64, memory=[8 * GiB, 1 * GiB], estimate=estimate)
    text = str(err.value)
    short = (estimate.bytes_for(1) - 0.9 * GiB) / 2**20  # one replica's need minus usable memory
    assert "device 1" in text and f"short by {short:.1f} MiB" in text
    assert "model parallelism" in text and "mixed precision" in text


def test_a_global_batch_that_cannot_fit_says_by_how_much_and_what_to_do():
    estimate = mem.estimate_from_counts(1_000_000, 250_000)
    memory = [2 * GiB, 1 * GiB]
    room = sum(mem.max_batch_sizes(memory, estimate, 0.1))
    with pytest.raises(ValueError) as err:
        mem.plan([2, 1], room + 10, memory=memory, estimate=estimate)
    text = str(err.value)
    assert "short by 10 examples" in text and f"at most {room}" in text
    assert "gradient accumulation" in text and "accum_steps=2" in text
    assert "smaller global batch" in text and "model parallelism" in text


def test_planning_does_not_need_tensorflow(fresh_python):
    code = (
        "import sys; from gpukit import memory as s\n"
        "e = s.estimate_from_counts(10**6, 10**4)\n"
        "p = s.plan([2, 1, 1], 64, memory=[2**31, 2**30, 2**30], estimate=e)\n"
        "assert sum(p.per_replica_batch_sizes) == 64\n"
        "try:\n    s.plan([], 64)\nexcept ValueError: pass\n"
        "assert 'tensorflow' not in sys.modules, 'planning imported TensorFlow'\n"
    )
    result = fresh_python(code, timeout=60)
    assert result.returncode == 0, result.stderr


# --- memory estimate ------------------------------------------------------------------------


def test_estimate_counts_weights_gradients_and_slots():
    model = models.mlp(input_shape=(784,), hidden=(128, 64), seed=0)
    est = mem.estimate_memory(model, "adam")
    params = model.count_params()
    assert est.num_parameters == params
    assert est.weights == est.gradients == 4 * params
    assert est.optimizer == 2 * 4 * params
    assert est.activations_per_example == 4 * (784 + 784 + 128 + 64 + 10)  # input, flatten, layers
    assert "counted" in est.sources["weights"] and "estimated" in est.sources["activations"]
    optimizer = keras.optimizers.Adam()
    optimizer.build(model.trainable_variables)
    built = mem.estimate_memory(model, optimizer)
    assert built.optimizer == est.optimizer and "counted" in built.sources["optimizer"]
    assert mem.estimate_memory(model, keras.optimizers.SGD(0.1)).optimizer == 0
    assert mem.estimate_memory(model, keras.optimizers.SGD(0.1, momentum=0.9)).optimizer == 4 * params
    half = mem.estimate_memory(model, "adam", dtype="bfloat16")
    assert half.fixed * 2 == est.fixed
    with pytest.raises(ValueError, match="dtype"):
        mem.estimate_memory(model, "adam", dtype="int3")
    with pytest.raises(ValueError, match="unknown optimizer"):
        mem.estimate_memory(model, "adamzz")


def test_measuring_on_cpu_without_bfc_explains_the_fix():
    # troubleshooting: "Allocator stats not available for device 'CPU:0'"
    with pytest.raises(RuntimeError, match="TF_CPU_ALLOCATOR_USE_BFC"):
        mem.measure_activations(lambda x, y: None, lambda n: (None, None), (8, 16))
    with pytest.raises(ValueError, match="Allocator stats not available"):
        tf.config.experimental.get_memory_info("CPU:0")


# --- loss weighting -------------------------------------------------------------------------


@pytest.mark.parametrize("sizes", [[32, 16, 16], [48, 16], [5, 1, 9, 3]])
def test_fit_sample_weights_make_the_per_replica_means_the_global_mean(sizes):
    losses = np.random.default_rng(1).random(sum(sizes))
    weights = uneven_batches.sample_weights(sizes)
    offsets = np.cumsum([0] + sizes)
    # Keras fit: each replica takes its (weighted) mean over its own examples, scaled by 1/R; sum
    fit_style = sum(np.mean(w * losses[a:b]) / len(sizes) for w, a, b in zip(weights, offsets, offsets[1:]))
    assert abs(fit_style - losses.mean()) < 1e-12
    unweighted = sum(np.mean(losses[a:b]) / len(sizes) for a, b in zip(offsets, offsets[1:]))
    assert abs(unweighted - losses.mean()) > 1e-4  # without the weights fit is wrong


# --- exact gradients with uneven per-replica batches ------------------------------------------


def _reference_gradients(x, y):
    model = models.mlp(input_shape=x.shape[1:], hidden=(32,), seed=3)
    loss_fn = training.per_example_loss()
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(loss_fn(y, model(x, training=True)))
    return [g.numpy() for g in tape.gradient(loss, model.trainable_variables)]


@pytest.mark.parametrize("capacities, gb", [([2, 1, 1], 64), ([3, 1], 64)])
def test_uneven_gradients_equal_single_device(capacities, gb):
    strategy = strategies.mirrored(devices.replica_devices()[: len(capacities)])
    p = mem.plan(capacities, gb, num_replicas=strategy.num_replicas_in_sync)
    assert len(set(p.per_replica_batch_sizes)) > 1  # really uneven
    x, y = (np.asarray(a) for a in _data(gb))
    model = models.mlp(input_shape=x.shape[1:], hidden=(32,), seed=3, strategy=strategy)
    reference = _reference_gradients(x, y)
    exact = uneven_batches.gradients(strategy, model, x, y, p)
    assert checks.max_difference(exact, reference) <= 1e-6
    wrong = uneven_batches.gradients(strategy, model, x, y, p, divide_by="per_replica")
    assert checks.max_difference(wrong, reference) > 1e-3  # per-replica means are biased, not just scaled


def _data(n):
    from gpukit import data

    return data.synthetic(n, shape=(12,), num_classes=5, seed=7)


def test_uneven_training_equals_single_device_training():
    capacities, gb = [2, 1, 1], 32
    x, y = _data(gb * 4)
    strategy = strategies.mirrored(devices.replica_devices()[:3])
    p = mem.plan(capacities, gb, num_replicas=3)
    with strategy.scope():
        model = models.mlp(input_shape=(12,), hidden=(32,), seed=3)
        optimizer = keras.optimizers.Adam(1e-2)
    history = uneven_batches.train(strategy, model, optimizer, x, y, p, epochs=2)
    single = models.mlp(input_shape=(12,), hidden=(32,), seed=3)
    single.compile(optimizer=keras.optimizers.Adam(1e-2),
                   loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    reference = single.fit(x, y, batch_size=gb, epochs=2, shuffle=False, verbose=0).history
    checks.assert_same(model, single, atol=1e-5, what="uneven CTL weights")
    checks.assert_same(history["loss"], reference["loss"], atol=1e-5, what="uneven CTL losses")


def test_uneven_batches_reject_bad_sizes_before_any_work():
    strategy = strategies.mirrored(devices.replica_devices()[:3])
    x, y = _data(64)
    with pytest.raises(ValueError, match="2 batch sizes for 3 replicas"):
        uneven_batches.UnevenBatches(strategy, x, y, [32, 32])
    with pytest.raises(ValueError, match="ints >= 1"):
        uneven_batches.UnevenBatches(strategy, x, y, [32, 0, 32])
    with pytest.raises(ValueError, match="only 64 examples"):
        uneven_batches.UnevenBatches(strategy, x, y, [64, 32, 32])
    with pytest.raises(ValueError, match="epochs"):
        uneven_batches.train(strategy, None, None, x, y, [32, 16, 16], epochs=0)
    batches = uneven_batches.UnevenBatches(strategy, x, y, [16, 8, 8])
    for step in (-1, len(batches), 1.0):
        with pytest.raises(ValueError, match="must be an int in 0..1"):
            batches.batch(step)


# --- stragglers ------------------------------------------------------------------------------


def test_straggler_benchmark_measures_and_cleans_up():
    import threading

    before = threading.active_count()
    result = uneven_batches.straggler_benchmark([4, 2, 2], [2, 1, 1], seconds_per_example=1e-4, steps=2)
    assert set(result) >= {"step_seconds", "busy_seconds", "idle_fraction"}
    assert result["step_seconds"] > 0
    assert threading.active_count() == before  # every replica thread has finished
    # the model it simulates (arithmetic, not a timing): even batches wait for the slow device
    assert uneven_batches.simulated_step_time([16, 16, 16], [2, 1, 1], 1.0) == 16
    assert uneven_batches.simulated_step_time([24, 12, 12], [2, 1, 1], 1.0) == 12
    with pytest.raises(ValueError, match="speeds"):
        uneven_batches.straggler_benchmark([4, 4], [1, 0])


# --- troubleshooting entries (docs/troubleshooting.md, section 03) ------------------------------


def test_cpu_logical_devices_reject_memory_limits(fresh_python):
    code = (
        "from gpukit import tf\n"
        "cpu = tf.config.list_physical_devices('CPU')[0]\n"
        "try:\n"
        "    tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration(memory_limit=512)] * 2)\n"
        "    tf.config.list_logical_devices()\n"
        "except ValueError as err:\n"
        "    print(err)\n"
    )
    result = fresh_python(code, timeout=120)
    assert "Setting memory limit on CPU virtual devices is currently not supported" in result.stdout, result.stderr


def test_keras_reduced_loss_is_divided_by_num_replicas_under_a_strategy():
    strategy = strategies.mirrored(devices.replica_devices()[:4])
    x, y = _data(16)
    model = models.mlp(input_shape=(12,), hidden=(8,), num_classes=5, seed=0, strategy=strategy)
    mean_loss = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
    outside = float(mean_loss(y, model(x)))
    inside = strategy.experimental_local_results(strategy.run(lambda: mean_loss(y, model(x))))
    assert all(abs(float(v) * 4 - outside) < 1e-5 for v in inside)
