"""gpukit.precision: policies set and restored, float32 output, Keras 3 loss scaling in a custom
loop (scale_loss + apply_gradients unscales) equals float32 training, an inf on replica 2 of 4 is
skipped on every replica, float16 underflow, the removed Keras 2 API, bad inputs."""

import numpy as np
import pytest

from gpukit import keras, precision, strategies, tf, training

GB = 16


def _mirrored(n=4):
    return strategies.mirrored([f"/cpu:{i}" for i in range(n)])


def _batch(seed=0, inf_row=None):
    rng = np.random.default_rng(seed)
    x = rng.normal(size=(GB, 64)).astype("float32")
    if inf_row is not None:
        x[inf_row] = np.inf
    y = rng.integers(0, 10, size=GB).astype("int32")
    return x, y


def _dist(strategy, x, y):
    ds = tf.data.Dataset.from_tensor_slices((x, y)).batch(GB, drop_remainder=True)
    return next(iter(strategy.experimental_distribute_dataset(ds)))


def test_policy_sets_and_restores():
    before = keras.mixed_precision.global_policy().name
    with precision.policy("mixed_bfloat16") as p:
        assert p.compute_dtype == "bfloat16" and p.variable_dtype == "float32"
        assert keras.layers.Dense(2).dtype_policy.compute_dtype == "bfloat16"
    assert keras.mixed_precision.global_policy().name == before
    with pytest.raises(RuntimeError):
        with precision.policy("mixed_float16"):
            raise RuntimeError("boom")
    assert keras.mixed_precision.global_policy().name == before


@pytest.mark.parametrize("bad", ["fp16", "float16", "bfloat16", None])
def test_unknown_policy_name(bad):
    with pytest.raises(ValueError, match="unknown precision policy.*choose one of"):
        with precision.policy(bad):
            pass


def test_output_layer_is_float32_and_hidden_layers_compute_low():
    model = precision.mlp("mixed_float16")
    assert model.get_layer("hidden_0").compute_dtype == "float16"
    assert model.get_layer("logits").compute_dtype == "float32"
    assert model(np.zeros((2, 64), "float32")).dtype == "float32"
    assert all(w.dtype == "float32" for w in model.weights)
    wrong = precision.mlp("mixed_float16", float32_output=False)
    assert wrong(np.zeros((2, 64), "float32")).dtype == "float16"
    assert keras.mixed_precision.global_policy().name == "float32"


def test_loss_scaling_only_where_it_makes_sense():
    assert precision.is_loss_scaled(precision.optimizer("mixed_float16"))
    assert not precision.is_loss_scaled(precision.optimizer("mixed_bfloat16"))
    assert not precision.is_loss_scaled(precision.optimizer("float32"))
    with pytest.raises(ValueError, match="loss scaling was asked for with the float32 policy.*Fix"):
        precision.optimizer("float32", loss_scaling=True)


def test_keras2_api_is_gone_and_keras3_way_unscales():
    opt = keras.mixed_precision.LossScaleOptimizer(keras.optimizers.SGD(1.0), initial_scale=1024.0)
    assert not hasattr(opt, "get_scaled_loss") and not hasattr(opt, "get_unscaled_gradients")
    w = keras.Variable(np.ones(3, "float32"))
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(w * w)
        scaled = opt.scale_loss(loss)
    assert float(scaled) == pytest.approx(3 * 1024.0)
    opt.apply_gradients([(tape.gradient(scaled, w), w)])
    np.testing.assert_allclose(w.numpy(), 1 - 2 * np.ones(3), rtol=1e-6)  # unscaled gradient 2w


def test_mixed_float16_ctl_tracks_float32_reference():
    strategy = _mirrored()
    x, y = _batch()
    with strategy.scope():
        ref = precision.mlp("float32", seed=3)
        mixed = precision.mlp("mixed_float16", seed=3)
    opt_ref = precision.optimizer("float32", strategy=strategy)
    opt_mixed = precision.optimizer("mixed_float16", strategy=strategy)
    step_ref = precision.make_train_step(strategy, ref, opt_ref, GB)
    step_mixed = precision.make_train_step(strategy, mixed, opt_mixed, GB)
    batch = _dist(strategy, x, y)
    for _ in range(3):
        step_ref(batch), step_mixed(batch)
    # independent reference: plain GradientTape on one device, float32
    plain = precision.mlp("float32", seed=3)
    sgd = keras.optimizers.SGD(0.1)
    loss_fn = training.per_example_loss()
    for _ in range(3):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(loss_fn(y, plain(x)))
        sgd.apply_gradients(zip(tape.gradient(loss, plain.trainable_variables), plain.trainable_variables))
    for a, b, c in zip(plain.get_weights(), ref.get_weights(), mixed.get_weights()):
        np.testing.assert_allclose(b, a, atol=1e-5)
        np.testing.assert_allclose(c, a, atol=5e-3)  # float16 compute, float32 weights
    assert int(opt_mixed.iterations.numpy()) == 3


def _inf_on_replica_2(all_replicas):
    strategy = _mirrored(4)
    with strategy.scope():
        model = precision.mlp("mixed_float16", seed=1)
    opt = precision.optimizer("mixed_float16", strategy=strategy, initial_scale=2.0 ** 10)
    step = precision.make_train_step(strategy, model, opt, GB, all_replicas=all_replicas)
    before = [w.copy() for w in model.get_weights()]
    per_replica = GB // 4
    step(_dist(strategy, *_batch(inf_row=2 * per_replica)))  # first row of replica 2
    return model, opt, before


def test_inf_on_replica_2_of_4_is_skipped_on_every_replica():
    model, opt, before = _inf_on_replica_2(all_replicas=True)
    for a, b in zip(before, model.get_weights()):
        assert np.isfinite(b).all()
        np.testing.assert_array_equal(a, b)
    assert int(opt.iterations.numpy()) == 0  # a skipped step is not counted
    assert float(opt.dynamic_scale.numpy()) == precision.scale_after(1, 2.0 ** 10)  # halved once


def test_without_the_all_replica_check_the_weights_become_nan():
    model, _, _ = _inf_on_replica_2(all_replicas=False)
    assert not all(np.isfinite(w).all() for w in model.get_weights())


def test_scale_after():
    assert precision.scale_after(0) == 2.0 ** 15
    assert precision.scale_after(3) == 2.0 ** 12
    assert precision.scale_after(1, 1024.0, good_steps=4000) == 2048.0


def test_zero_fraction_underflow():
    grads = [np.full(100, 1e-9, "float32"), np.full(100, 1e-5, "float32")]
    assert precision.zero_fraction(grads) == pytest.approx(0.5)  # 1e-9 < 2**-24
    assert precision.zero_fraction(grads, scale=2.0 ** 15) == 0.0
    assert precision.FLOAT16_TINY == 2.0 ** -24
    with pytest.raises(ValueError, match="scale"):
        precision.zero_fraction(grads, scale=0)
    with pytest.raises(ValueError, match="all zero"):
        precision.zero_fraction([np.zeros(3)])


def test_measure_counts_bytes():
    out = precision.measure("mixed_bfloat16", batch_size=8, input_dim=4, hidden=(6,), steps=1)
    assert out["weight_bytes"] == (4 * 6 + 6 + 6 * 10 + 10) * 4  # float32 weights in every policy
    assert out["activation_bytes"] == 8 * 6 * 2 + 8 * 10 * 4
    assert out["step_ms"] > 0
