"""Gradient accumulation equals large-batch training under MirroredStrategy; Keras' built-in
accumulation is pinned as failing under a strategy; bad inputs fail before any work."""

import numpy as np
import pytest

from gpukit import accumulation, checks, data, keras, models, strategies, tf, training

GLOBAL_BATCH = 64
ACCUM_STEPS = 4
N_EXAMPLES = 256  # 4 updates of 64 = 16 micro-batches of 16
OPTIMIZERS = {
    "sgd": lambda: keras.optimizers.SGD(0.1),
    "momentum": lambda: keras.optimizers.SGD(0.1, momentum=0.9),
    "adam": lambda: keras.optimizers.Adam(1e-2),
}


def _mirrored(num_replicas):
    return strategies.mirrored([f"/cpu:{i}" for i in range(num_replicas)])


def _scoped(strategy, make_optimizer=OPTIMIZERS["adam"], seed=1):
    with strategy.scope():
        return models.mlp(seed=seed), make_optimizer()


@pytest.fixture(scope="module")
def digits():
    (x, y), _ = data.digits()
    return x[:N_EXAMPLES], y[:N_EXAMPLES]


@pytest.fixture(scope="module")
def large_batch(digits):
    """The reference: one device, batches of GLOBAL_BATCH, one update per batch."""
    out = {}
    for name, make in OPTIMIZERS.items():
        model, optimizer = models.mlp(seed=1), make()
        history = training.train(tf.distribute.get_strategy(), model, optimizer, digits,
                                 global_batch_size=GLOBAL_BATCH)
        out[name] = (model, history, optimizer)
    return out


@pytest.mark.parametrize("num_replicas", [1, 2, 4])
@pytest.mark.parametrize("opt", sorted(OPTIMIZERS))
def test_accumulation_equals_the_large_batch(opt, num_replicas, digits, large_batch):
    strategy = _mirrored(num_replicas)
    model, optimizer = _scoped(strategy, OPTIMIZERS[opt])
    history = accumulation.train(strategy, model, optimizer, digits,
                                 global_batch_size=GLOBAL_BATCH, accum_steps=ACCUM_STEPS)
    ref_model, ref_history, ref_optimizer = large_batch[opt]
    assert str(history.batch) == (f"global_batch_size = per_replica_batch_size x num_replicas x accum_steps = "
                                  f"{16 // num_replicas} x {num_replicas} x 4 = 64")
    assert history.updates == [N_EXAMPLES // GLOBAL_BATCH] and history.dropped_micro_batches == [0]
    # the optimizer counted updates, not micro-batches
    assert int(optimizer.iterations.numpy()) == int(ref_optimizer.iterations.numpy()) == 4
    checks.assert_same(model, ref_model, atol=1e-5, what=f"{opt} x{num_replicas} weights")
    checks.assert_same(history, ref_history, atol=1e-5, what="loss and accuracy")
    assert checks.max_difference(model, models.mlp(seed=1)) > 1e-3  # it trained


def test_learning_rate_schedule_advances_once_per_update(digits):
    def make():
        return keras.optimizers.SGD(keras.optimizers.schedules.ExponentialDecay(0.5, decay_steps=1, decay_rate=0.5))

    ref_model, ref_opt = models.mlp(seed=1), make()
    training.train(tf.distribute.get_strategy(), ref_model, ref_opt, digits, global_batch_size=GLOBAL_BATCH)
    strategy = _mirrored(2)
    model, optimizer = _scoped(strategy, make)
    accumulation.train(strategy, model, optimizer, digits, global_batch_size=GLOBAL_BATCH, accum_steps=ACCUM_STEPS)
    assert int(optimizer.iterations.numpy()) == 4
    assert float(optimizer.learning_rate.numpy()) == pytest.approx(0.5 * 0.5**4)
    checks.assert_same(model, ref_model, atol=1e-5, what="scheduled SGD")


def test_the_scale_mistakes_measured(digits):
    x, y = digits[0][:GLOBAL_BATCH], digits[1][:GLOBAL_BATCH]
    strategy = _mirrored(4)
    model = models.mlp(seed=2, strategy=strategy)
    large = training.gradients(tf.distribute.get_strategy(), models.mlp(seed=2), x, y)
    right = accumulation.gradients(strategy, model, x, y, accum_steps=ACCUM_STEPS)
    checks.assert_same(right, large, atol=1e-6, what="accumulated gradients")
    both = accumulation.gradients(strategy, model, x, y, accum_steps=ACCUM_STEPS, divide_by=("micro_batch", "none"))
    assert checks.scale_factor(both["micro_batch"], large) == pytest.approx(ACCUM_STEPS, rel=1e-5)
    assert checks.scale_factor(both["none"], large) == pytest.approx(GLOBAL_BATCH, rel=1e-5)
    unreduced = accumulation.gradients(strategy, model, x, y, accum_steps=ACCUM_STEPS, divide_by="none")
    checks.assert_same(unreduced, both["none"], atol=1e-4, what="one way alone vs several at once")
    with pytest.raises(ValueError, match="divide_by"):
        accumulation.gradients(strategy, model, x, y, accum_steps=ACCUM_STEPS, divide_by="replica")


# --- a dataset that ends part-way through an accumulation -------------------------------------
@pytest.mark.parametrize("partial", ["drop", "apply"])
def test_a_dataset_ending_mid_accumulation(partial, digits):
    """5 micro-batches of 16 with accum_steps=2: two full updates and one half-finished."""
    x, y = digits[0][:80], digits[1][:80]
    strategy = _mirrored(2)
    model, optimizer = _scoped(strategy)
    ds = tf.data.Dataset.from_tensor_slices((x, y)).batch(16, drop_remainder=True)
    history = accumulation.train(strategy, model, optimizer, ds, global_batch_size=32, accum_steps=2, partial=partial)

    ref_model, ref_opt = models.mlp(seed=1), keras.optimizers.Adam(1e-2)
    one = tf.distribute.get_strategy()
    training.train(one, ref_model, ref_opt, (x[:64], y[:64]), global_batch_size=32)  # 2 updates of 32
    if partial == "drop":
        assert history.updates == [2] and history.dropped_micro_batches == [1]
    else:  # the last 16 examples make a smaller last batch
        training.train(one, ref_model, ref_opt, (x[64:], y[64:]), global_batch_size=16)
        assert history.updates == [3] and history.dropped_micro_batches == [0]
    assert int(optimizer.iterations.numpy()) == int(ref_opt.iterations.numpy())
    checks.assert_same(model, ref_model, atol=1e-5, what=f"partial={partial}")


def test_finish_leaves_the_accumulators_empty(digits):
    strategy = _mirrored(2)
    model, optimizer = _scoped(strategy)
    acc = accumulation.Accumulator(strategy, model, optimizer, global_batch_size=GLOBAL_BATCH, accum_steps=ACCUM_STEPS)
    dist, _ = data.distribute(strategy, *digits, global_batch_size=acc.sizes.micro_batch_size)
    batches = iter(dist)
    assert [acc.micro_step(next(batches))[2] for _ in range(3)] == [False, False, False]
    assert max(float(np.max(np.abs(a.numpy()))) for a in acc.accumulators) > 0  # summed over replicas
    assert acc.finish("drop") is False and acc.pending == 0
    assert all(float(np.max(np.abs(a.numpy()))) == 0.0 for a in acc.accumulators)
    assert int(optimizer.iterations.numpy()) == 0


# --- mixed precision ---------------------------------------------------------------------------
@pytest.fixture
def mixed_float16():
    keras.mixed_precision.set_global_policy("mixed_float16")
    try:
        yield
    finally:
        keras.mixed_precision.set_global_policy("float32")


def test_loss_scaling_equals_keras_fit_on_one_device(digits, mixed_float16):
    def make():
        return keras.optimizers.LossScaleOptimizer(keras.optimizers.SGD(0.1))

    strategy = _mirrored(2)
    model, optimizer = _scoped(strategy, make)
    assert model.layers[-1].compute_dtype == "float16"
    accumulation.train(strategy, model, optimizer, digits, global_batch_size=GLOBAL_BATCH, accum_steps=2)
    ref, ref_opt = models.mlp(seed=1), make()
    ref.compile(optimizer=ref_opt, loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    ref.fit(*digits, batch_size=GLOBAL_BATCH, shuffle=False, verbose=0)
    assert int(optimizer.iterations.numpy()) == int(ref_opt.iterations.numpy()) == 4
    checks.assert_same(model, ref, atol=5e-5, what="mixed_float16 accumulation vs Keras fit")  # float16 forward


def test_an_inf_on_one_replica_skips_the_update_everywhere(digits, mixed_float16):
    strategy = _mirrored(2)
    model, optimizer = _scoped(strategy, lambda: keras.optimizers.LossScaleOptimizer(keras.optimizers.SGD(0.1)))
    acc = accumulation.Accumulator(strategy, model, optimizer, global_batch_size=GLOBAL_BATCH, accum_steps=2)
    x, y = digits[0][:GLOBAL_BATCH].copy(), digits[1][:GLOBAL_BATCH]
    x[50] = np.inf  # second micro-batch (32..63), second replica's half (48..63)
    before, scale = model.get_weights(), float(optimizer.dynamic_scale.numpy())
    dist, _ = data.distribute(strategy, x, y, global_batch_size=32)
    assert [acc.micro_step(b)[2] for b in dist] == [False, True]
    assert checks.max_difference(model.get_weights(), before) == 0.0
    assert float(optimizer.dynamic_scale.numpy()) == scale / 2
    assert int(optimizer.iterations.numpy()) == 0


# --- Keras' built-in gradient_accumulation_steps -------------------------------------------------
def _keras_builtin_fit(strategy, x, y, accum_steps, batch_size):
    with strategy.scope():
        model = models.mlp(seed=1)
        model.compile(optimizer=keras.optimizers.SGD(0.1, gradient_accumulation_steps=accum_steps),
                      loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    model.fit(x, y, batch_size=batch_size, shuffle=False, verbose=0)
    return model


def test_keras_builtin_accumulation_is_exact_on_one_device(digits, large_batch):
    model = _keras_builtin_fit(tf.distribute.get_strategy(), *digits, ACCUM_STEPS, GLOBAL_BATCH // ACCUM_STEPS)
    checks.assert_same(model, large_batch["sgd"][0], atol=1e-5, what="Keras gradient_accumulation_steps")


def test_keras_builtin_accumulation_fails_under_a_strategy(digits):
    """keras-team/keras#20582. When this test fails, Keras fixed it: update lesson 04,
    docs/troubleshooting.md and docs/decisions.md."""
    with pytest.raises(RuntimeError, match="`merge_call` called while defining a new graph"):
        _keras_builtin_fit(_mirrored(2), *digits, ACCUM_STEPS, GLOBAL_BATCH // ACCUM_STEPS)


# --- the fit path ------------------------------------------------------------------------------------
@pytest.mark.parametrize("num_replicas", [1, 2, 4])
@pytest.mark.parametrize("opt", sorted(OPTIMIZERS))
def test_fit_path_equals_the_large_batch(opt, num_replicas, digits, large_batch):
    strategy = _mirrored(num_replicas)
    model, optimizer = _scoped(strategy, OPTIMIZERS[opt])
    history = accumulation.fit(strategy, model, optimizer, *digits, global_batch_size=GLOBAL_BATCH,
                               accum_steps=ACCUM_STEPS)
    ref_model, ref_history, _ = large_batch[opt]
    assert int(optimizer.iterations.numpy()) == N_EXAMPLES // GLOBAL_BATCH  # updates, not micro-batches
    checks.assert_same(model, ref_model, atol=1e-5, what=f"fit path, {opt} x{num_replicas} weights")
    checks.assert_same(history.history["loss"], ref_history.history["loss"], atol=1e-5, what="fit loss")
    checks.assert_same(history.history["accuracy"], ref_history.history["accuracy"], atol=1e-6, what="fit accuracy")


@pytest.mark.parametrize("kwargs, match", [
    ({"accum_steps": 0}, "must be >= 1"),
    ({"global_batch_size": 60}, "cannot be split into accum_steps=4.*use global_batch_size=60|micro-batches of 15"),
    ({"n": 32}, "at least global_batch_size=64"),
    ({"epochs": 0}, "epochs"),
])
def test_fit_path_bad_inputs_fail_before_training(kwargs, match, digits):
    strategy = _mirrored(2)
    model, optimizer = _scoped(strategy)
    n = kwargs.pop("n", N_EXAMPLES)
    args = {"global_batch_size": GLOBAL_BATCH, "accum_steps": ACCUM_STEPS, **kwargs}
    with pytest.raises(ValueError, match=match):
        accumulation.fit(strategy, model, optimizer, digits[0][:n], digits[1][:n], **args)
    assert not optimizer.built


def test_accumulating_model_refuses_a_batch_that_is_not_the_global_batch(digits):
    """Used directly, a short last batch would silently train on fewer examples: it raises."""
    wrapper = accumulation.AccumulatingModel(models.mlp(seed=1), global_batch_size=GLOBAL_BATCH,
                                             accum_steps=ACCUM_STEPS)
    wrapper.compile(optimizer=keras.optimizers.SGD(0.1))
    with pytest.raises(tf.errors.InvalidArgumentError, match="needs every step to have global_batch_size=64"):
        wrapper.fit(digits[0][:100], digits[1][:100], batch_size=GLOBAL_BATCH, verbose=0)


def test_accumulating_model_refuses_loss_scaling(digits):
    wrapper = accumulation.AccumulatingModel(models.mlp(seed=1), global_batch_size=GLOBAL_BATCH,
                                             accum_steps=ACCUM_STEPS)
    wrapper.compile(optimizer=keras.optimizers.LossScaleOptimizer(keras.optimizers.SGD(0.1)))
    with pytest.raises(ValueError, match="use accumulation.Accumulator"):
        wrapper.fit(digits[0][:64], digits[1][:64], batch_size=GLOBAL_BATCH, verbose=0)


# --- bad inputs ------------------------------------------------------------------------------------
@pytest.mark.parametrize("accum_steps, match", [
    (0, "must be >= 1"), (-2, "must be >= 1"), (2.0, "whole number"), ("4", "whole number"),
    (True, "whole number"), (None, "whole number"),
])
def test_bad_accum_steps(accum_steps, match, digits):
    strategy = _mirrored(2)
    model, optimizer = _scoped(strategy)
    with pytest.raises(ValueError, match=match):
        accumulation.train(strategy, model, optimizer, digits, global_batch_size=GLOBAL_BATCH, accum_steps=accum_steps)
    assert not optimizer.built  # refused before any work


@pytest.mark.parametrize("num_replicas, global_batch_size, accum_steps, match", [
    (2, 64, 3, "cannot be split into accum_steps=3.*use global_batch_size=63 or 66"),
    (4, 64, 32, "micro-batches of 2, which do not split over num_replicas=4.*multiple of"),
    (4, 3, 1, "smaller than num_replicas"),
])
def test_batch_not_divisible_into_micro_batches(num_replicas, global_batch_size, accum_steps, match):
    with pytest.raises(ValueError, match=match):
        accumulation.accum_sizes(num_replicas, global_batch_size, accum_steps)


@pytest.mark.parametrize("make_data, kwargs, match", [
    (lambda x, y: tf.data.Dataset.from_tensor_slices((x, y)).batch(64, drop_remainder=True), {},
     "batched by 64 but accumulation needs micro-batches of 16"),
    (lambda x, y: tf.data.Dataset.from_tensor_slices((x, y)).batch(16), {}, "drop_remainder"),
    (lambda x, y: (x[:48], y[:48]), {}, "3 micro-batches of 16.*no update would ever happen"),
    (lambda x, y: (x, y), {"partial": "keep"}, "partial='keep'"),
    (lambda x, y: (x, y), {"epochs": 0}, "epochs"),
])
def test_bad_data_is_refused_before_training(make_data, kwargs, match, digits):
    strategy = _mirrored(4)
    model, optimizer = _scoped(strategy)
    before = model.get_weights()
    with pytest.raises(ValueError, match=match):
        accumulation.train(strategy, model, optimizer, make_data(*digits), global_batch_size=GLOBAL_BATCH,
                           accum_steps=ACCUM_STEPS, **kwargs)
    assert checks.max_difference(model.get_weights(), before) == 0.0
    assert int(optimizer.iterations.numpy()) == 0


def test_optimizer_outside_the_scope_is_refused(digits):
    strategy = _mirrored(2)
    model = models.mlp(seed=1, strategy=strategy)
    with pytest.raises(ValueError, match="optimizer was created outside strategy.scope"):
        accumulation.train(strategy, model, keras.optimizers.SGD(), digits, global_batch_size=GLOBAL_BATCH,
                           accum_steps=ACCUM_STEPS)


def test_memory_estimate_shrinks_with_the_micro_batch():
    model = models.mlp(input_shape=(784,), hidden=(256,))
    params = 784 * 256 + 256 + 256 * 10 + 10
    one = accumulation.estimate_memory(model, per_replica_batch_size=512, accum_steps=1)
    eight = accumulation.estimate_memory(model, per_replica_batch_size=64, accum_steps=8)
    assert one["weights, gradients, optimizer"] == 4 * params * (1 + 1 + 2)  # Adam: 2 slots
    assert one["accumulators"] == 0 and eight["accumulators"] == 4 * params
    assert one["activations"] == 4 * 512 * (784 + 784 + 256 + 10)  # input, Flatten, hidden, logits
    assert eight["activations"] * 8 == one["activations"]
    assert eight["total"] < one["total"]
    with pytest.raises(ValueError, match="accum_steps"):
        accumulation.estimate_memory(model, per_replica_batch_size=64, accum_steps=0)




def test_accumulating_model_refuses_sizes_that_would_leave_examples_out(digits):
    """12 examples in 5 micro-batches would train on 10 of them without a word."""
    with pytest.raises(ValueError, match="cannot be split into accum_steps=5"):
        accumulation.AccumulatingModel(models.mlp(seed=1), global_batch_size=12, accum_steps=5)
    strategy = _mirrored(4)
    with strategy.scope():
        wrapper = accumulation.AccumulatingModel(models.mlp(seed=1), global_batch_size=8, accum_steps=4)
        wrapper.compile(optimizer=keras.optimizers.SGD(0.1))
    with pytest.raises(ValueError, match="do not split over num_replicas=4"):  # 2 per micro-batch, 4 replicas
        wrapper.fit(digits[0][:16], digits[1][:16], batch_size=8, verbose=0)


@pytest.mark.parametrize("call, match", [
    (lambda: accumulation.accum_sizes(0, 64, 4), "num_replicas=0"),
    (lambda: accumulation.accum_sizes(2.0, 64, 4), "num_replicas=2.0"),
    (lambda: accumulation.time_per_sample(None, None, None, None, None, global_batch_size=64, accum_steps=4,
                                          updates=0), "updates=0"),
    (lambda: accumulation.overhead(None, None, None, None, None, micro_batch_size=16, accum_steps=4,
                                   micro_steps=0), "micro_steps=0"),
])
def test_bad_arguments_of_the_helpers_fail_first(call, match):
    with pytest.raises(ValueError, match=match):
        call()


def test_smallest_accum_steps_is_quick_for_huge_batches():
    assert accumulation.smallest_accum_steps(2**20, 4, 1000) == 512  # 2**20 / (4 x 512) = 512 per replica
    with pytest.raises(ValueError, match="cannot be split"):
        accumulation.smallest_accum_steps(20_000_001, 2, 10)


# --- BatchNormalization: refused unless accepted, because micro-batches have their own statistics -----
BN_CAUSE = ("BatchNormalization (bn_0)", "own mean and variance", "moving statistics move once per micro-batch")
BN_FIXES = ("keras.layers.GroupNormalization or LayerNormalization", "allow_batch_norm=True")


def _bn_refused(call, model, optimizer=None):
    before = [w.copy() for w in model.get_weights()]
    with pytest.raises(ValueError) as err:
        call()
    text = str(err.value)
    for part in BN_CAUSE + BN_FIXES:
        assert part in text, f"{part!r} missing from: {text}"
    checks.assert_same(model.get_weights(), before, atol=0, what="weights after the refusal")  # before any work
    if optimizer is not None:
        assert int(optimizer.iterations.numpy()) == 0
    return text


@pytest.mark.parametrize("batch_norm", ["plain", "synchronized"])
def test_every_entry_point_refuses_batch_norm_naming_cause_and_fixes(batch_norm, digits):
    strategy = _mirrored(2)
    x, y = digits
    with strategy.scope():
        model, optimizer = models.mlp(seed=1, batch_norm=batch_norm), keras.optimizers.SGD(0.1)
    args = dict(global_batch_size=GLOBAL_BATCH, accum_steps=ACCUM_STEPS)
    text = _bn_refused(lambda: accumulation.train(strategy, model, optimizer, digits, **args), model, optimizer)
    assert "8 examples per replica, 16 with synchronized=True" in text and "the 64 examples of one update" in text
    _bn_refused(lambda: accumulation.Accumulator(strategy, model, optimizer, **args), model, optimizer)
    _bn_refused(lambda: accumulation.fit(strategy, model, optimizer, x, y, **args), model, optimizer)
    _bn_refused(lambda: accumulation.gradients(strategy, model, x[:GLOBAL_BATCH], y[:GLOBAL_BATCH],
                                               accum_steps=ACCUM_STEPS), model)
    _bn_refused(lambda: accumulation.AccumulatingModel(model, **args), model)


def test_batch_norm_in_a_nested_model_is_found():
    inner = keras.Sequential([keras.layers.Dense(4), keras.layers.BatchNormalization(name="bn_0")], name="inner")
    outer = keras.Sequential([keras.Input((8,)), inner, keras.layers.Dense(2)])
    sizes = accumulation.accum_sizes(1, 8, 2)
    with pytest.raises(ValueError, match="BatchNormalization"):
        accumulation.check_batch_norm(outer, sizes)


def test_one_micro_batch_or_no_batch_norm_is_not_refused():
    accumulation.check_batch_norm(models.mlp(batch_norm="plain"), accumulation.accum_sizes(2, 64, 1))
    accumulation.check_batch_norm(models.mlp(), accumulation.accum_sizes(2, 64, 4))


def test_accepted_batch_norm_trains_and_differs_from_the_large_batch(digits):
    """What the refusal is about, measured: the same run without BatchNorm is equal (above)."""
    one = tf.distribute.get_strategy()
    model, optimizer = models.mlp(seed=1, batch_norm="plain"), keras.optimizers.SGD(0.1)
    history = accumulation.train(one, model, optimizer, digits, global_batch_size=GLOBAL_BATCH,
                                 accum_steps=ACCUM_STEPS, allow_batch_norm=True)
    assert history.updates == [N_EXAMPLES // GLOBAL_BATCH]
    reference = models.mlp(seed=1, batch_norm="plain")
    training.train(one, reference, keras.optimizers.SGD(0.1), digits, global_batch_size=GLOBAL_BATCH)
    trainable = checks.max_difference(model.trainable_variables, reference.trainable_variables)
    assert trainable > 1e-3, f"micro-batch statistics should change the update; difference {trainable}"


def test_the_batch_norm_refusal_is_documented_word_for_word():
    import pathlib

    doc = (pathlib.Path(__file__).resolve().parents[1] / "docs" / "troubleshooting.md").read_text()
    with pytest.raises(ValueError) as err:
        accumulation.check_batch_norm(models.mlp(batch_norm="plain"), accumulation.accum_sizes(4, 64, 4))
    assert str(err.value) in doc
