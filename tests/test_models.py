import numpy as np
import pytest

from gpukit import checks, keras, models, strategies


def test_same_seed_same_weights_under_any_strategy():
    strategy = strategies.mirrored(["/cpu:0", "/cpu:1"])
    a = models.mlp(seed=3)
    b = models.mlp(seed=3, strategy=strategy)
    assert checks.max_difference(a, b) == 0.0
    assert models.variables_in_scope(strategy, b.variables)
    assert not models.variables_in_scope(strategy, a.variables)


def test_cnn_outputs_logits_for_images():
    model = models.small_cnn()
    out = model(np.zeros((2, 8, 8, 1), "float32"))
    assert out.shape == (2, 10)


def test_clone_copies_weights_into_a_scope():
    strategy = strategies.mirrored(["/cpu:0", "/cpu:1"])
    a = models.mlp(seed=5)
    b = models.clone(a, strategy)
    assert checks.max_difference(a, b) == 0.0 and models.variables_in_scope(strategy, b.variables)


def test_bad_num_classes():
    with pytest.raises(ValueError, match="num_classes"):
        models.mlp(num_classes=1)


# ---- BatchNorm and Dropout: what they do to "equals one device" (lesson 01) -------------------

def _fit_one_epoch(batch_norm, strategy=None, dropout=0.0):
    from gpukit import data, keras, tf

    (x, y), _ = data.digits()
    x, y = x[:512], y[:512]
    with models._scope(strategy):
        model = models.mlp(input_shape=x.shape[1:], hidden=(32,), seed=0, batch_norm=batch_norm,
                           dropout=dropout)
        model.compile(optimizer=keras.optimizers.SGD(0.1),
                      loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    ds = tf.data.Dataset.from_tensor_slices((x, y)).batch(64, drop_remainder=True)
    model.fit(ds, epochs=1, verbose=0)
    return model


@pytest.fixture(scope="module")
def bn_results():
    strategy = strategies.mirrored(["/cpu:0", "/cpu:1", "/cpu:2", "/cpu:3"])
    out = {}
    for bn in ("plain", "synchronized"):
        out[bn] = checks.max_difference(_fit_one_epoch(bn), _fit_one_epoch(bn, strategy))
    return out


def test_plain_batch_norm_differs_from_one_device_and_synchronized_does_not(bn_results):
    # per-replica statistics over 16 examples instead of 64: a real difference, not rounding
    assert bn_results["plain"] > 1e-4, bn_results
    assert bn_results["synchronized"] < 1e-5, bn_results


def test_has_batch_norm_and_cnn():
    assert models.has_batch_norm(models.cnn()) and not models.has_batch_norm(models.mlp())
    model = models.cnn(input_shape=(8, 8, 1), batch_norm="plain", dropout=0.5)
    assert model(np.zeros((3, 8, 8, 1), "float32")).shape == (3, 10)
    assert models.has_batch_norm(model)


@pytest.mark.parametrize("kwargs, words", [
    ({"batch_norm": "sync"}, "batch_norm"), ({"dropout": 1.0}, "dropout"), ({"dropout": -0.1}, "dropout"),
    ({"bn_momentum": 1.0}, "bn_momentum"), ({"bn_momentum": 0.0}, "bn_momentum"),
])
def test_bad_regularizer_arguments(kwargs, words):
    with pytest.raises(ValueError, match=words):
        models.mlp(**kwargs)
    with pytest.raises(ValueError, match=words):
        models.cnn(**kwargs)


def test_bn_momentum_reaches_every_batch_norm_layer():
    for model in (models.cnn(bn_momentum=0.9), models.mlp(batch_norm="plain", hidden=(8, 8), bn_momentum=0.9)):
        momenta = [l.momentum for l in model.layers if isinstance(l, keras.layers.BatchNormalization)]
        assert momenta and all(m == 0.9 for m in momenta), momenta
    assert {l.momentum for l in models.cnn().layers if isinstance(l, keras.layers.BatchNormalization)} == {0.99}


def test_cnn_without_filters():
    with pytest.raises(ValueError, match="filters"):
        models.cnn(filters=())
