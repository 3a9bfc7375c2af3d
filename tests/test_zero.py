"""gpukit.zero (lesson 09): every stage trains exactly like Keras' Adam on one device; the state each
device holds is measured from the variables' devices and the bytes sent are counted from the
tensors handed to the collectives, both against formulas derived from the parameters; the ZeRO
paper's own memory figures; bad inputs refused before any work."""

from __future__ import annotations

import numpy as np
import pytest

from gpukit import keras, strategies, tf, zero

IN, HIDDEN, OUT = 10, 7, 5           # 10*7 + 7 + 7*5 + 5 = 117 parameters: odd, divides by neither 2 nor 4
NUM_PARAMS = IN * HIDDEN + HIDDEN + HIDDEN * OUT + OUT
LR, STEPS, BATCH = 1e-2, 3, 24


def _model(seed=0):
    """The same weights for the same seed, from seeded initializers: not ``keras.utils.set_random_seed``, which left
    the session's global seeds set for every later test of this worker."""
    init = keras.initializers.GlorotUniform
    return keras.Sequential([keras.Input((IN,)),
                             keras.layers.Dense(HIDDEN, activation="relu", kernel_initializer=init(seed=seed)),
                             keras.layers.Dense(OUT, kernel_initializer=init(seed=seed + 1))])


def _data(seed=0):
    rng = np.random.default_rng(seed)
    return rng.normal(size=(BATCH, IN)).astype("float32"), rng.integers(0, OUT, BATCH)


def _mirrored(n):
    return strategies.mirrored([f"/cpu:{i}" for i in range(n)])


# --------------------------------------------------------------------------- the plan, pure


@pytest.mark.parametrize("n", [1, 2, 3, 4, 8])
def test_plan_gives_every_element_one_owner_and_pads_to_equal_slices(n):
    shards = zero.plan([(10, 7), (7,), (7, 5), (5,)], n)
    for shard in shards:
        assert shard.padded % n == 0 and shard.padded - shard.size < n and shard.slice_size * n == shard.padded
        owners = [r for r in range(n) for _ in range(*shard.owned(r))]
        assert len(owners) == shard.size and owners == sorted(owners)  # each element once, in order


def test_plan_refuses_a_replica_count_below_one():
    with pytest.raises(ValueError, match="num_replicas"):
        zero.plan([(3,)], 0)


# --------------------------------------------------------------------------- the formulas


def test_state_bytes_reproduce_the_zero_papers_figure_one():
    """Rajbhandari et al. (2020), figure 1: 7.5B parameters, 64 devices, mixed precision with
    Adam (K = 12): 120 GB, 31.4 GB, 16.6 GB and 1.9 GB per device."""
    psi, n = 7.5e9, 64
    mixed = dict(weight_bytes=2, grad_bytes=2, optimizer_bytes=12)
    got = [zero.state_bytes(psi, n, stage, **mixed)["total"] / 1e9 for stage in (0, 1, 2, 3)]
    assert [round(g, 1) for g in got] == [120.0, 31.4, 16.6, 1.9]


def test_seven_billion_parameters_hold_112_gb_of_float32_adam_state_per_replica():
    assert zero.state_bytes(7e9, 8, 0)["total"] == 7e9 * (4 + 4 + 8) == 112e9


@pytest.mark.parametrize("bad", [4, -1, True, "2"])
def test_a_stage_outside_0_to_3_is_refused(bad):
    with pytest.raises(ValueError, match=r"use 1, 2 or 3 \(ZeRO stages\), or 0 for plain data parallelism"):
        zero.state_bytes(100, 2, bad)


# --------------------------------------------------------------------------- the trainer, real




@pytest.fixture(scope="module")
def keras_adam():
    """The reference: Keras' own Adam, a plain GradientTape, one device, the whole batch (model and
    optimizer: its moments are compared too)."""
    x, y = _data()
    model, optimizer = _model(), keras.optimizers.Adam(LR)
    loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
    for _ in range(STEPS):
        with tf.GradientTape() as tape:
            loss = loss_fn(y, model(x, training=True))
        optimizer.apply_gradients(zip(tape.gradient(loss, model.trainable_variables), model.trainable_variables))
    return model, optimizer


@pytest.fixture(scope="module")
def reference(keras_adam):
    return [v.numpy() for v in keras_adam[0].trainable_variables]


def _trained(n, stage):
    x, y = _data()
    trainer = zero.ZeroTrainer(_mirrored(n), _model(), stage, learning_rate=LR)
    for _ in range(STEPS):
        trainer.step(x, y)
    return trainer


@pytest.mark.parametrize("n", [1, 2, 4])
@pytest.mark.parametrize("stage", [0, 1, 2, 3])
def test_every_stage_trains_like_keras_adam_on_one_device(reference, keras_adam, n, stage):
    trainer = _trained(n, stage)
    moved = max(float(np.max(np.abs(a - b.numpy()))) for a, b in zip(reference, _model().trainable_variables))
    diff = zero.adam_differences(trainer, *keras_adam)
    assert moved > 1e-2 and diff["weights"] <= 1e-6 and diff["m"] <= 1e-7 and diff["v"] <= 1e-9, (moved, diff)


# planted bugs: each must be caught by the lesson's comparison with Keras' Adam (adam_differences)
def _averaged(self, tf, replica, flat):  # the gradient averaged over the replicas instead of summed
    return _REDUCE_SCATTER(self, tf, replica, flat) / self.n


def _off_by_one(tf, tensor, shard, replica):  # each replica updates the slice one element further on
    start, stop = shard.owned(replica)
    flat = tf.pad(tf.reshape(tensor, [-1]), [[0, shard.padded + 1 - shard.size]])
    return flat[start + 1:start + 1 + shard.slice_size]


_REDUCE_SCATTER = zero.Collectives.reduce_scatter


@pytest.mark.parametrize("bug, part", [
    (lambda mp: mp.setattr(zero.Collectives, "reduce_scatter", _averaged), "m"),
    (lambda mp: mp.setattr(zero.ZeroTrainer, "_slice_of", staticmethod(_off_by_one)), "weights"),
])
def test_the_comparison_with_keras_adam_catches_each_planted_bug(keras_adam, monkeypatch, bug, part):
    bug(monkeypatch)
    diff = zero.adam_differences(_trained(4, 2), *keras_adam)
    assert diff[part] > 1e-4, diff


def test_gradients_averaged_instead_of_summed_hide_in_the_weights_not_in_the_moments(keras_adam, monkeypatch):
    """Why the moments are compared: Adam divides the scale out, so the weights end close."""
    monkeypatch.setattr(zero.Collectives, "reduce_scatter", _averaged)
    diff = zero.adam_differences(_trained(4, 2), *keras_adam)
    assert diff["weights"] < 1e-3 < diff["m"], diff


@pytest.mark.parametrize("n", [1, 2, 4])
@pytest.mark.parametrize("stage", [0, 1, 2, 3])
def test_resident_bytes_measured_on_each_device_match_the_formula(n, stage):
    """Counted from the variables' actual devices after a step; expected from the parameter
    count, padded to a multiple of n where a stage holds slices."""
    trainer = zero.ZeroTrainer(_mirrored(n), _model(), stage, learning_rate=LR)
    trainer.step(*_data())
    measured = trainer.resident_bytes()
    padded = sum(-(-size // n) * n for size in (IN * HIDDEN, HIDDEN, HIDDEN * OUT, OUT))
    sliced = padded / n
    expected = {"weights": 4 * (sliced if stage >= 3 else NUM_PARAMS),
                "gradients": 4 * (sliced if stage >= 2 else NUM_PARAMS),
                "optimizer": 8 * (sliced if stage >= 1 else NUM_PARAMS)}
    assert sorted(measured) == sorted(tf.DeviceSpec.from_string(d).to_string() for d in trainer.devices)
    for device, row in measured.items():
        assert {k: row[k] for k in expected} == expected, device
    if n > 1 and stage > 0:  # less than data parallelism, as the paper's formula says (up to padding)
        assert row["total"] < zero.state_bytes(NUM_PARAMS, n, 0)["total"]


@pytest.mark.parametrize("n", [2, 4])
@pytest.mark.parametrize("stage", [0, 1, 2, 3])
def test_bytes_handed_to_the_collectives_counted_while_they_run(n, stage):
    """Counted at run time (a counter each collective adds its input's size to); expected from the
    parameter count: stage 3 gathers every layer for the forward and all but the first again for
    the backward (the first layer's input needs no gradient, so its weights are not needed)."""
    trainer = zero.ZeroTrainer(_mirrored(n), _model(), stage, learning_rate=LR)
    trainer.step(*_data())
    trainer.collectives.reset()
    trainer.step(*_data())
    sizes = (IN * HIDDEN, HIDDEN, HIDDEN * OUT, OUT)
    padded = [-(-size // n) * n for size in sizes]
    handed = trainer.collectives.handed_bytes()
    assert handed["all-reduce"] == (4 * NUM_PARAMS if stage == 0 else 0)
    assert handed["reduce-scatter"] == (0 if stage == 0 else 4 * sum(padded))
    gathers = {0: 0, 1: sum(padded), 2: sum(padded), 3: sum(padded) + sum(padded[2:])}[stage]
    assert handed["all-gather"] == 4 * gathers / n
    unit = (n - 1) / n * 4
    sent = {0: 2 * unit * NUM_PARAMS, 1: 2 * unit * sum(padded), 2: 2 * unit * sum(padded),
            3: unit * (2 * sum(padded) + sum(padded[2:]))}[stage]
    assert trainer.bytes_sent_per_device() == pytest.approx(sent)
    assert zero.comm_bytes(NUM_PARAMS, n, stage) == pytest.approx({0: 2, 1: 2, 2: 2, 3: 3}[stage] * unit * NUM_PARAMS)


# --------------------------------------------------------------------------- bad input, before any work


@pytest.mark.parametrize("make, match", [
    (lambda: zero.ZeroTrainer(tf.distribute.OneDeviceStrategy("/cpu:0"), _model(), 1), "needs a MirroredStrategy"),
    (lambda: zero.ZeroTrainer(_mirrored(2), _model(), 5), r"stage=5: use 1, 2 or 3"),
    (lambda: zero.ZeroTrainer(_mirrored(2), keras.Sequential([keras.layers.Dense(3)]), 1), "not built"),
    (lambda: zero.ZeroTrainer(_mirrored(2), keras.Sequential([keras.Input((4,)), keras.layers.Dense(3),
                                                              keras.layers.BatchNormalization(name="bn")]), 1),
     "bn is BatchNormalization"),
    (lambda: zero.ZeroTrainer(_mirrored(2), keras.Sequential([keras.Input((4,)), keras.layers.Dropout(0.5, name="drop"),
                                                              keras.layers.Dense(3)]), 1),
     "drop is a Dropout; ZeroTrainer runs Dense, Activation, Flatten layers"),
    (lambda: zero.ZeroTrainer(_mirrored(2), _model(), 1, learning_rate=-1), "learning_rate=-1 must be a number >= 0"),
])
def test_bad_input_is_refused_with_the_fix(make, match):
    with pytest.raises(ValueError, match=match):
        make()


def test_a_functional_model_is_refused():
    inputs = keras.Input((4,))
    model = keras.Model(inputs, keras.layers.Dense(2)(inputs))
    with pytest.raises(ValueError, match="runs a keras.Sequential layer by layer"):
        zero.ZeroTrainer(_mirrored(2), model, 2)


def test_a_batch_that_does_not_split_over_the_replicas_is_refused():
    trainer = zero.ZeroTrainer(_mirrored(4), _model(), 2)
    x, y = _data()
    with pytest.raises(ValueError, match="must split evenly over 4 replicas; use a multiple of 4"):
        trainer.step(x[:22], y[:22])
    assert trainer.iterations == 0


# --------------------------------------------------------------------------- memory, by TensorFlow's allocator


def _allocator(bug="none", stages="0123"):
    """Lesson 09's measurement in a process of its own (tests/scripts/zero_memory.py)."""
    import json
    import os
    import subprocess
    import sys

    script = os.path.join(os.path.dirname(__file__), "scripts", "zero_memory.py")
    done = subprocess.run([sys.executable, script, bug, stages], capture_output=True, text=True, timeout=600)
    lines = [line for line in done.stdout.splitlines() if line.startswith("MEMORY")]
    assert done.returncode == 0 and lines, done.stderr[-3000:]
    return {int(k): v for k, v in json.loads(lines[-1][6:]).items()}


def _num_params():
    return zero.memory_demo_model().count_params()


def test_each_stage_saves_at_least_a_quarter_of_what_the_paper_says_measured_by_the_allocator():
    measured = _allocator()
    rows = zero.savings(measured, _num_params(), 4)
    assert [stage for stage, *_ in rows] == [1, 2, 3]
    assert all(ratio >= 0.25 for *_, ratio in rows), rows
    for stage, got in measured.items():  # the state left between steps: what the formula says (x 4 replicas)
        formula = 4 * zero.state_bytes(_num_params(), 4, stage)["total"]
        assert 0.9 <= got["resident"] / formula <= 1.3, (stage, got["resident"], formula)


@pytest.mark.parametrize("bug, stages", [("reduce-after-backward", "12"), ("keep-gathered", "23")])
def test_the_savings_check_catches_each_planted_bug(bug, stages):
    """reduce-after-backward: stage 2 holds the whole gradient until the backward ends (what the
    course's first version did); keep-gathered: stage 3 keeps each layer's gathered weights from the
    forward to the backward."""
    rows = zero.savings(_allocator(bug, stages), _num_params(), 4)
    assert len(rows) == 1 and rows[0][3] < 0.25, rows
