"""The distributed CTL equals single-device training; its bad inputs fail before any work."""

import numpy as np
import pytest

from gpukit import checks, data, keras, models, strategies, tf, training

GLOBAL_BATCH = 64
EPOCHS = 2  # 2 x 21 steps
OPTIMIZERS = {
    "sgd": lambda: keras.optimizers.SGD(0.1),
    "adam": lambda: keras.optimizers.Adam(1e-2),
}


@pytest.fixture(scope="module")
def digits():
    (x, y), _ = data.digits()
    return x, y


@pytest.fixture(scope="module")
def reference(digits):
    """Single-device training (default strategy, one replica) per optimizer."""
    out = {}
    for name, make in OPTIMIZERS.items():
        model = models.mlp(seed=1)
        history = training.train(tf.distribute.get_strategy(), model, make(), digits,
                                 global_batch_size=GLOBAL_BATCH, epochs=EPOCHS)
        out[name] = (model, history)
    return out


@pytest.mark.parametrize("num_replicas", [1, 2, 4])
@pytest.mark.parametrize("opt", sorted(OPTIMIZERS))
def test_ctl_equals_single_device(opt, num_replicas, digits, reference):
    strategy = strategies.mirrored([f"/cpu:{i}" for i in range(num_replicas)])
    with strategy.scope():
        model = models.mlp(seed=1)
        optimizer = OPTIMIZERS[opt]()
    history = training.train(strategy, model, optimizer, digits, global_batch_size=GLOBAL_BATCH, epochs=EPOCHS)
    ref_model, ref_history = reference[opt]
    assert history.steps_per_epoch >= 20
    assert int(optimizer.iterations.numpy()) == EPOCHS * history.steps_per_epoch
    checks.assert_same(model, ref_model, atol=1e-5, what=f"{opt} x{num_replicas} weights")
    checks.assert_same(history, ref_history, atol=1e-5, what="history")
    # it learned something: the reference is not a trivial zero
    assert ref_history.history["loss"][-1] < ref_history.history["loss"][0]


def test_loss_division_mistakes_scale_the_gradient(digits):
    x, y = digits[0][:64], digits[1][:64]
    strategy = strategies.mirrored([f"/cpu:{i}" for i in range(4)])
    model = models.mlp(seed=2, strategy=strategy)
    single = training.gradients(tf.distribute.get_strategy(), models.mlp(seed=2), x, y)
    right = training.gradients(strategy, model, x, y)
    per_replica = training.gradients(strategy, model, x, y, divide_by="per_replica")
    plain_sum = training.gradients(strategy, model, x, y, divide_by="none")
    checks.assert_same(right, single, atol=1e-6, what="global-batch loss")
    assert checks.scale_factor(per_replica, single) == pytest.approx(4.0, rel=1e-5)
    assert checks.scale_factor(plain_sum, single) == pytest.approx(64.0, rel=1e-5)
    with pytest.raises(ValueError, match="divide_by"):
        training.gradients(strategy, model, x, y, divide_by="local")


def test_optimizer_created_outside_the_scope_is_refused(digits):
    strategy = strategies.mirrored(["/cpu:0", "/cpu:1"])
    model = models.mlp(seed=1, strategy=strategy)
    optimizer = keras.optimizers.Adam()  # outside the scope: Keras later fails with "Mixing different tf.distribute.Strategy objects"
    with pytest.raises(ValueError, match="optimizer was created outside strategy.scope"):
        training.train(strategy, model, optimizer, digits, global_batch_size=GLOBAL_BATCH)
    assert not optimizer.built  # refused before any work


def test_model_created_outside_the_scope_is_refused(digits):
    strategy = strategies.mirrored(["/cpu:0", "/cpu:1"])
    with strategy.scope():
        optimizer = keras.optimizers.SGD()
    with pytest.raises(ValueError, match="model's variables were created outside"):
        training.train(strategy, models.mlp(), optimizer, digits, global_batch_size=GLOBAL_BATCH)


def _scoped(strategy):
    with strategy.scope():
        return models.mlp(seed=1), keras.optimizers.SGD(0.1)


@pytest.mark.parametrize("make_data, kwargs, match", [
    (lambda x, y: (x, y), {"global_batch_size": 30}, "use 28 or 32"),
    (lambda x, y: (x, y), {"global_batch_size": 64, "epochs": 0}, "epochs"),
    (lambda x, y: (x.reshape(-1, 8, 8), y), {"global_batch_size": 64}, "model takes"),
    (lambda x, y: tf.data.Dataset.from_tensor_slices((x, y)), {"global_batch_size": 64}, "not batched"),
    (lambda x, y: tf.data.Dataset.from_tensor_slices((x, y)).batch(64), {"global_batch_size": 64}, "drop_remainder"),
    (lambda x, y: tf.data.Dataset.from_tensor_slices((x, y)).batch(32, drop_remainder=True),
     {"global_batch_size": 64}, "batched by 32"),
    (lambda x, y: x, {"global_batch_size": 64}, "pair of arrays"),
])
def test_bad_data_is_refused_before_training(make_data, kwargs, match, digits):
    strategy = strategies.mirrored([f"/cpu:{i}" for i in range(4)])
    model, optimizer = _scoped(strategy)
    before = model.get_weights()
    with pytest.raises(ValueError, match=match):
        training.train(strategy, model, optimizer, make_data(*digits), **kwargs)
    assert checks.max_difference(model.get_weights(), before) == 0.0
    assert int(optimizer.iterations.numpy()) == 0


def test_a_batched_dataset_trains_like_arrays(digits):
    strategy = strategies.mirrored(["/cpu:0", "/cpu:1"])
    m1, o1 = _scoped(strategy)
    m2, o2 = _scoped(strategy)
    ds = tf.data.Dataset.from_tensor_slices(digits).batch(GLOBAL_BATCH, drop_remainder=True)
    h1 = training.train(strategy, m1, o1, ds, global_batch_size=GLOBAL_BATCH)
    h2 = training.train(strategy, m2, o2, digits, global_batch_size=GLOBAL_BATCH)
    assert h1.steps_per_epoch == h2.steps_per_epoch == len(digits[0]) // GLOBAL_BATCH
    checks.assert_same(m1, m2, atol=0.0, what="dataset vs arrays")
    assert np.isfinite(h1.history["loss"]).all()


# --- the step core: scale_loss, batch_gradients, train_epochs --------------------------------

def test_scale_loss_choices_and_bad_divide_by():
    per_example = tf.constant([1.0, 2.0, 3.0, 6.0])
    assert float(training.scale_loss(per_example, 8)) == 1.5  # sum / global batch
    assert float(training.scale_loss(per_example, 8, "per_replica")) == 3.0
    assert float(training.scale_loss(per_example, 8, 4)) == 3.0  # a number: sum / it
    assert training.scale_loss(per_example, 8, "none").shape == (4,)
    assert float(training.scale_loss(per_example, 8, lambda p, gb: tf.reduce_max(p) / gb)) == 0.75
    for bad in ("local", 0, -2, True, None):
        with pytest.raises(ValueError, match="divide_by"):
            training.check_divide_by(bad)
    with pytest.raises(ValueError, match="divide_by"):
        training.batch_gradients(tf.distribute.get_strategy(), models.mlp(), [], global_batch_size=8, divide_by=())


def test_batch_gradients_sums_micro_batches_and_shares_one_forward_pass():
    x, y = data.synthetic(32, shape=(64,), seed=3)
    one = tf.distribute.get_strategy()
    model = models.mlp(seed=3)
    whole, _ = data.distribute(one, x, y, global_batch_size=32)
    halves, _ = data.distribute(one, x, y, global_batch_size=16)
    full = training.batch_gradients(one, model, whole, global_batch_size=32)
    summed = training.batch_gradients(one, model, halves, global_batch_size=32)
    checks.assert_same(summed, full, atol=1e-6, what="two halves vs one batch")
    both = training.batch_gradients(one, model, whole, global_batch_size=32, divide_by=("global", "per_replica"))
    checks.assert_same(both["global"], full, atol=0, what="tuple entry vs single call")
    checks.assert_same(both["per_replica"], full, atol=1e-6, what="one replica: mean = sum / global")


def test_train_epochs_hooks_and_what_counts():
    calls = []
    results = iter([(2.0, 3.0), (4.0, 5.0), (6.0, 1.0)] * 2)
    history = training.train_epochs(
        lambda batch: next(results), [0, 1, 2], epochs=3, batch_size=4, first_epoch=1,
        before_step=lambda e, i: calls.append(("begin", e, i)),
        after_step=lambda e, i, loss, correct: calls.append(("end", e, i, loss)),
        end_epoch=lambda e, res: res[:2],  # the last step does not count (an unfinished accumulation)
        after_epoch=lambda e, h: calls.append(("epoch", e, h["loss"][-1])))
    assert history.history == {"loss": [3.0, 3.0], "accuracy": [1.0, 1.0]}  # (2+4)/2; (3+5)/(2x4)
    assert history.steps_per_epoch == 3 and len(history.epoch_seconds) == 2
    assert calls[:2] == [("begin", 1, 0), ("end", 1, 0, 2.0)] and ("epoch", 2, 3.0) in calls
