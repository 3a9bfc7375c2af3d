"""gpukit.recompute: recomputed gradients equal a plain GradientTape on the unwrapped blocks
(one device and MirroredStrategy x4), Dropout/BatchNorm state replayed, bad inputs refused."""

import pathlib

import numpy as np
import pytest

from gpukit import data, devices, keras, recompute, strategies, tf, training

devices.setup(virtual=4)

INPUTS = 24


@pytest.fixture(scope="module")
def mirrored():
    return strategies.mirrored(devices.replica_devices()[:4])


@pytest.fixture(scope="module")
def batch():
    return data.synthetic(32, shape=(INPUTS,), seed=1)


def plain_gradients(blocks, x, y):
    """The reference: a plain GradientTape on the unwrapped blocks, one device, whole batch."""
    variables = [v for b in blocks for v in b.trainable_variables]
    with tf.GradientTape() as tape:
        h = tf.constant(x)
        for block in blocks:
            h = block(h, training=True)
        loss = tf.reduce_mean(training.per_example_loss()(y, h))
    return [g.numpy() for g in tape.gradient(loss, variables)]


def max_diff(a, b):
    assert len(a) == len(b)
    return max(float(np.max(np.abs(np.asarray(u) - np.asarray(v)))) for u, v in zip(a, b))


def noisy_blocks(strategy=None, dropout=0.5, seed=3):
    """Dense -> Dropout -> BatchNorm, then a logits block: the layers with forward-pass state."""
    from gpukit.models import _dense, _scope

    with _scope(strategy):
        first = keras.Sequential([_dense(16, 1, "relu"), keras.layers.Dropout(dropout, seed=seed),
                                  keras.layers.BatchNormalization()], name="noisy")
        first.build((None, INPUTS))
        head = keras.Sequential([_dense(10, 2)], name="head")
        head.build((None, 16))
    return [first, head]


def state(blocks):
    return [np.asarray(v.numpy()) for b in blocks for v in b.non_trainable_variables]


# --- gradients ---------------------------------------------------------------------------------
def test_one_device_equals_plain_tape(batch):
    x, y = batch
    blocks = recompute.build_blocks(INPUTS, num_blocks=2, layers_per_block=3, units=16)
    reference = plain_gradients(blocks, x, y)
    model = recompute.RecomputedModel(blocks)
    got = recompute.gradients(tf.distribute.get_strategy(), model, x, y)
    assert max_diff(got, reference) == 0.0
    assert len(model.trainable_variables) == len(reference) == 2 * 3 * 2 + 2


def test_mirrored_equals_plain_tape(mirrored, batch):
    x, y = batch
    reference = plain_gradients(recompute.build_blocks(INPUTS, 2, 3, 16), x, y)
    model = recompute.RecomputedModel(recompute.build_blocks(INPUTS, 2, 3, 16, strategy=mirrored))
    got = recompute.gradients(mirrored, model, x, y)
    assert max_diff(got, reference) < 1e-6  # summed over 4 replicas: float rounding only


def test_works_with_the_accumulator_and_fit(mirrored):
    from gpukit import accumulation

    x, y = data.synthetic(64, shape=(INPUTS,), seed=2)
    with mirrored.scope():
        model = recompute.RecomputedModel(recompute.build_blocks(INPUTS, 2, 2, 16, strategy=mirrored))
        optimizer = keras.optimizers.SGD(0.1)
    accumulation.train(mirrored, model, optimizer, (x, y), global_batch_size=32, accum_steps=2)
    reference = recompute.build_blocks(INPUTS, 2, 2, 16)
    plain = recompute.RecomputedModel(reference, recompute=False)
    training.train(tf.distribute.get_strategy(), plain, keras.optimizers.SGD(0.1), (x, y), global_batch_size=32)
    assert max_diff(model.get_weights(), plain.get_weights()) < 1e-5


# --- Dropout and BatchNorm: the replay ------------------------------------------------------------
def naive_step(blocks, x, y):
    """Plain tf.recompute_grad around each block, no state replay."""
    naive = [tf.recompute_grad(lambda h, b=b: b(h, training=True)) for b in blocks]
    variables = [v for b in blocks for v in b.trainable_variables]
    with tf.GradientTape() as tape:
        h = tf.constant(x)
        for f in naive:
            h = f(h)
        loss = tf.reduce_mean(training.per_example_loss()(y, h))
    return [g.numpy() for g in tape.gradient(loss, variables)]


def test_tf_alone_gets_dropout_gradients_wrong(batch):
    """What plain tf.recompute_grad does (why RecomputedModel replays the state): the replay
    draws a new dropout mask, so the gradients are not those of the loss computed."""
    x, y = batch
    blocks, reference = noisy_blocks(), noisy_blocks()
    assert max_diff(naive_step(blocks, x, y), plain_gradients(reference, x, y)) > 1e-3


def test_tf_alone_updates_batchnorm_twice(batch):
    """Without dropout the gradients are right, but the moving statistics move twice per step."""
    x, y = batch
    blocks, reference = noisy_blocks(dropout=0.0), noisy_blocks(dropout=0.0)
    assert max_diff(naive_step(blocks, x, y), plain_gradients(reference, x, y)) < 1e-6
    bn, ref_bn = blocks[0].layers[-1], reference[0].layers[-1]
    moved, ref_moved = np.abs(bn.moving_mean.numpy()), np.abs(ref_bn.moving_mean.numpy())
    # from 0, one update moves the mean by (1 - momentum) x batch mean; two by (1 - momentum^2) x it
    nonzero = ref_moved > 1e-6
    assert nonzero.any()
    np.testing.assert_allclose(moved[nonzero] / ref_moved[nonzero], 1 + ref_bn.momentum, rtol=1e-3)


@pytest.mark.parametrize("where", ["one", "mirrored"])
def test_dropout_and_batchnorm_replayed_exactly(where, mirrored, batch):
    x, y = batch
    strategy = mirrored if where == "mirrored" else tf.distribute.get_strategy()
    plain, wrapped = noisy_blocks(strategy), noisy_blocks(strategy)
    assert max_diff(state(plain), state(wrapped)) == 0
    g_plain = recompute.gradients(strategy, recompute.RecomputedModel(plain, recompute=False), x, y)
    g_wrapped = recompute.gradients(strategy, recompute.RecomputedModel(wrapped), x, y)
    assert max_diff(g_wrapped, g_plain) < 1e-6
    assert max_diff(state(wrapped), state(plain)) == 0  # seed advanced once, statistics moved once
    assert any(np.any(np.abs(s) > 0) for s in state(wrapped)[1:2])  # the moving mean did move


def test_dropout_masks_really_differ_between_steps(batch):
    """The replay restores the state of *this* step, not a frozen mask: two steps, two masks."""
    x, y = batch
    model = recompute.RecomputedModel(noisy_blocks(dropout=0.5))
    first = recompute.gradients(tf.distribute.get_strategy(), model, x, y)
    second = recompute.gradients(tf.distribute.get_strategy(), model, x, y)
    assert max_diff(first, second) > 1e-4


# --- bad inputs ------------------------------------------------------------------------------------
def test_unbuilt_block_refused():
    block = keras.Sequential([keras.layers.Dense(4)], name="lazy")
    with pytest.raises(ValueError, match=r"blocks\[0\] \(lazy\) is not built .* block.build\(\(None, n_features\)\)"):
        recompute.RecomputedModel([block])
    assert not block.built  # refused before any work


def test_lazy_layer_inside_a_built_looking_block_refused():
    built = recompute.build_blocks(INPUTS, 1, 1, 8)
    lazy = keras.layers.Dense(3, name="lazy_dense")
    with pytest.raises(ValueError, match=r"blocks\[1\] .*not built.*lazy_dense"):
        recompute.check_blocks([built[0], lazy])


def test_empty_block_list_refused():
    with pytest.raises(ValueError, match="blocks is empty"):
        recompute.RecomputedModel([])


@pytest.mark.parametrize("bad", [[3], ["dense"], [None]])
def test_non_callable_block_refused(bad):
    with pytest.raises(TypeError, match=r"blocks\[0\] is a .* not callable"):
        recompute.check_blocks(bad)


def test_single_block_not_in_a_list_refused():
    block = recompute.build_blocks(INPUTS, 1, 1, 8)[0]
    with pytest.raises(TypeError, match="a single block is \\[block\\]"):
        recompute.check_blocks(block)


def test_probe_configs_checked_before_starting():
    with pytest.raises(ValueError, match="cannot be split into accum_steps=3"):
        recompute.levers(batch=64, accum_steps=3, inputs=8, num_blocks=1, layers_per_block=1, units=8)
    with pytest.raises(ValueError, match="non-empty list"):
        recompute.PeakProbe([])
    with pytest.raises(ValueError, match="keys"):
        recompute.PeakProbe([{"name": "x"}])


def test_probe_measures_the_four_levers():
    # Activation-heavy enough that each lever saves ~1 MiB, well above the ~0.3 MiB by which the
    # peak moves with the order TensorFlow runs independent ops in (a 16-unit model was within it).
    configs = recompute.levers(batch=1024, accum_steps=2, inputs=32, num_blocks=3, layers_per_block=4, units=64)
    result = recompute.PeakProbe([dict(c, repeats=1) for c in configs]).result()
    assert set(result) == {"plain", "accumulation", "recomputation", "both"}
    for peak, seconds in result.values():
        assert peak > 0 and seconds > 0
    peaks = {name: peak for name, (peak, _) in result.items()}
    assert peaks["accumulation"] < peaks["plain"], peaks
    assert peaks["recomputation"] < peaks["plain"], peaks
    assert peaks["both"] < peaks["plain"], peaks


def test_tf_refuses_keywords_inside_tf_function():
    """Pins the TF behaviour behind binding ``training`` per wrapped function (troubleshooting)."""
    block = recompute.build_blocks(INPUTS, 1, 1, 8)[0]
    wrapped = tf.recompute_grad(block)

    @tf.function
    def step(x):
        return wrapped(x, training=True)

    with pytest.raises(ValueError, match="supports keywords arguments only when eager execution is enabled"):
        step(tf.ones((2, INPUTS)))
    doc = (pathlib.Path(__file__).resolve().parents[1] / "docs" / "troubleshooting.md").read_text()
    assert "supports keywords arguments only when eager execution is enabled" in doc
