"""Exercise 02's checks (gpukit.course.exercises.ex02): the right sharding passes, the stub is "not
solved yet" (without starting a cluster), "batch, then shard" names its symptom."""

from __future__ import annotations

import re

from gpukit import cluster
from gpukit.course.exercises import ex02


def test_sharding_reports_for_the_exercise():
    from gpukit import tf

    def uncut(ic, x, y, gb):  # planted: shards before cutting to whole global batches
        ds = tf.data.Dataset.from_tensor_slices((x, y)).shard(ic.num_input_pipelines, ic.input_pipeline_id)
        return ds.batch(ic.get_per_replica_batch_size(gb), drop_remainder=True)

    def right(ic, x, y, gb):
        whole = len(x) // gb * gb
        return uncut(ic, x[:whole], y[:whole], gb)

    def batch_then_shard(ic, x, y, gb):  # the classic mistake of older tutorials
        return tf.data.Dataset.from_tensor_slices((x, y)).batch(gb).shard(ic.num_input_pipelines, ic.input_pipeline_id)

    def stub(ic, x, y, gb):
        ...

    assert ex02.compare_sharding(right).passed
    assert ex02.compare_sharding(right, num_workers=3, global_batch_size=24, n_examples=96).passed
    report = ex02.compare_sharding(uncut)  # 79 examples: worker 0 gets 5 steps, worker 1 gets 4
    assert not report.passed and "same number of steps" in report.problem and "[5, 4]" in report.problem
    report = ex02.compare_sharding(batch_then_shard)
    assert not report.passed and "Shard first" in report.problem
    assert not report.problem.startswith("not solved yet")
    assert ex02.compare_sharding(stub).problem.startswith("not solved yet")


def test_an_untouched_worker_main_is_not_attempted_without_a_cluster():
    def worker_main(ctx, shard_dataset, epochs, global_batch_size, n_examples, seed):
        """Train and return the weights."""
        ...

    before = cluster.started_pids()
    report = ex02.compare_cluster_training(worker_main, None)
    assert report.name == "worker_main" and report.problem.startswith("not solved yet")
    assert cluster.started_pids() == before


def test_sharding_catches_shard_then_batch_by_the_global_batch():
    from gpukit import tf

    def global_batches_per_worker(ic, x, y, gb):  # sharded, but each worker takes a whole global batch
        ds = tf.data.Dataset.from_tensor_slices((x, y)).shard(ic.num_input_pipelines, ic.input_pipeline_id)
        return ds.batch(gb, drop_remainder=True)

    report = ex02.compare_sharding(global_batches_per_worker)
    assert not report.passed and "do not form the global batches" in report.problem


# --------------------------------------------------------------------------- q3 predict


def test_check_steps_prediction_right_and_classic_mistakes():
    right = ex02.check_steps_prediction(lambda n, gb, w: n // gb)
    assert right.passed and right.details["counted"] == 1000 // 48
    assert ex02.check_steps_prediction(lambda n, gb, w: float(n // gb), n_examples=97, global_batch_size=12,
                                       num_workers=2).passed
    cases = [
        (lambda n, gb, w: n // gb // w, "every worker runs every step"),
        (lambda n, gb, w: n // (gb // w), "consumes the GLOBAL batch"),
        (lambda n, gb, w: -(-n // gb), "partial last batch is dropped"),
        (lambda n, gb, w: 7, "not the number of steps the workers run"),
        (lambda n, gb, w: 20.5, "whole number of steps"),
    ]
    for wrong, says in cases:
        report = ex02.check_steps_prediction(wrong)
        assert not report.passed and says in report.problem, (says, report.problem)
    assert ex02.check_steps_prediction(lambda *a: None).problem.startswith("not solved yet")
    copied = lambda n, gb, w: 20  # noqa: E731 - the public answer does not pass the hidden sizes
    assert ex02.check_steps_prediction(copied).passed
    assert not ex02.check_steps_prediction(copied, n_examples=500, global_batch_size=32, num_workers=4).passed


# --------------------------------------------------------------------------- q4 debug


def _shuffled(kind):
    from gpukit import tf

    constructions = []

    def fn(ic, x, y, gb, seed):
        per_worker = ic.get_per_replica_batch_size(gb)
        ds = tf.data.Dataset.from_tensor_slices((x, y))
        if kind == "unseeded":  # the planted bug: every worker draws its own order
            ds = ds.shuffle(len(x))
        elif kind == "seed per worker":
            ds = ds.shuffle(len(x), seed=seed + ic.input_pipeline_id)
        elif kind == "not replayed":  # the workers agree, but a restarted run gets a new order
            constructions.append(1)
            ds = ds.shuffle(len(x), seed=seed + (len(constructions) - 1) // ic.num_input_pipelines)
        elif kind in ("right", "batch first"):
            ds = ds.shuffle(len(x), seed=seed)
        if kind == "batch first":
            return ds.batch(gb, drop_remainder=True).shard(ic.num_input_pipelines, ic.input_pipeline_id)
        ds = ds.shard(ic.num_input_pipelines, ic.input_pipeline_id)
        return ds.batch(per_worker, drop_remainder=True)
    return fn


def test_check_shuffled_sharding_right_and_planted_bugs():
    assert ex02.check_shuffled_sharding(_shuffled("right")).passed
    assert ex02.check_shuffled_sharding(_shuffled("right"), num_workers=3, global_batch_size=12, n_examples=60,
                                        seed=4).passed
    cases = [
        ("unseeded", "more than once"),
        ("seed per worker", "more than once and .* never: their shards overlap"),
        ("not replayed", r"a restarted run \(same seed\) trains on a different order"),
        ("none", "not shuffled any more"),
        ("batch first", "not the global batch of 8"),
    ]
    for kind, says in cases:
        report = ex02.check_shuffled_sharding(_shuffled(kind))
        assert not report.passed and re.search(says, report.problem), (kind, report.problem)
        assert "seed=" not in report.problem and "same order" not in report.problem  # the symptom, not the fix

    def stub(ic, x, y, gb, seed):
        ...

    assert ex02.check_shuffled_sharding(stub).problem.startswith("not solved yet")


def test_hints_cover_every_question_of_exercise_02():
    assert set(ex02.HINTS) == {"q1", "q2", "q3", "q4"}


def _mean_loss_worker_main(ctx, shard_dataset, epochs, global_batch_size, n_examples, seed):
    from gpukit import cluster, keras, models, tf, training

    strategy = tf.distribute.MultiWorkerMirroredStrategy()
    x, y = cluster.training_data(n_examples, global_batch_size)
    dist = strategy.distribute_datasets_from_function(lambda ic: shard_dataset(ic, x, y, global_batch_size))
    with strategy.scope():
        model = models.mlp(input_shape=x.shape[1:], hidden=(32,), seed=seed)
        optimizer = keras.optimizers.Adam(1e-2)  # as the reference: only the loss differs
    training.build_optimizer(strategy, model, optimizer)
    loss_fn = training.per_example_loss()

    def replica(xb, yb):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(loss_fn(yb, model(xb, training=True)))  # the planted mistake
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    @tf.function
    def step(batch):
        return strategy.run(replica, args=batch)

    for _ in range(epochs):
        for batch in dist:
            step(batch)
    return model.get_weights()


def test_compare_cluster_training_catches_the_loss_divided_per_worker():
    """A real 2-process cluster: the worker's own step averages over its own examples (with Adam,
    nearly scale-invariant, the weights still differ by ~2e-3 after one epoch: measured)."""

    report = ex02.compare_cluster_training(_mean_loss_worker_main, epochs=1, n_examples=64)
    assert not report.passed and "differ from one-process training" in report.problem
    assert report.details["diff"] > report.details["atol"]


def _hand_written_worker_main(ctx, shard_dataset, epochs, global_batch_size, n_examples, seed):
    """A correct q2 a student writes without gpukit.training: its own replica step (the loss summed and
    divided by the GLOBAL batch with tf.nn.compute_average_loss), an explicit iterator, a while loop."""
    from gpukit import cluster, keras, models, tf

    strategy = tf.distribute.MultiWorkerMirroredStrategy()
    x, y = cluster.training_data(n_examples, global_batch_size)
    dist = strategy.distribute_datasets_from_function(lambda ic: shard_dataset(ic, x, y, global_batch_size))
    with strategy.scope():
        model = models.mlp(input_shape=x.shape[1:], hidden=(32,), seed=seed)
        optimizer = keras.optimizers.Adam(1e-2)
        optimizer.build(model.trainable_variables)  # Keras 3: before the first strategy.run
    loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction="none")

    def replica(xb, yb):
        with tf.GradientTape() as tape:
            loss = tf.nn.compute_average_loss(loss_fn(yb, model(xb, training=True)),
                                              global_batch_size=global_batch_size)
        optimizer.apply_gradients(zip(tape.gradient(loss, model.trainable_variables), model.trainable_variables))
        return loss

    @tf.function
    def step(batch):
        return strategy.reduce("SUM", strategy.run(replica, args=batch), axis=None)

    epoch = 0
    while epoch < epochs:
        batches = iter(dist)
        for batch in batches:
            step(batch)
        epoch += 1
    return [w.copy() for w in model.get_weights()]


def test_q2_a_hand_written_training_loop_passes_on_a_real_cluster():
    """issue 28's audit for q2's loop (one real 2-process cluster: 10-30 s)."""
    report = ex02.compare_cluster_training(_hand_written_worker_main, epochs=1, n_examples=64)
    assert report.passed, report.problem


# --------------------------------------------------------------------------- issue 28's audit: the way a student works
# Only the pure parts: the input pipelines are simulated here, and q2's comparison of the workers' returns
# runs on a faked cluster.run (a real cluster costs 10-30 s; the tests above launch the only one).

import math  # noqa: E402

import numpy as np  # noqa: E402
import pytest  # noqa: E402

import blind  # noqa: E402

Q1_PUBLIC = [(2, 16, 64)]
Q1_HIDDEN = [(3, 24, 96), (4, 8, 40), (1, 10, 30)]
Q1_BOUNDARY = [(4, 4, 20), (2, 16, 70)]  # one example per worker; a partial batch in the data itself


def _shard_numpy(ic, x, y, gb):
    """Another correct q1: numpy's strided slice of the arrays, the batch as gb // num_workers."""
    from gpukit import tf

    w, i, whole = ic.num_input_pipelines, ic.input_pipeline_id, len(x) // gb * gb
    return tf.data.Dataset.from_tensor_slices((x[i:whole:w], y[i:whole:w])).batch(gb // w, drop_remainder=True)


def _shard_filter(ic, x, y, gb):
    """Another: take whole global batches, enumerate, keep the indices of this worker, drop the index again."""
    from gpukit import tf

    w, i = ic.num_input_pipelines, ic.input_pipeline_id
    ds = tf.data.Dataset.from_tensor_slices((x, y)).take(len(x) // gb * gb).enumerate().filter(lambda k, xy: k % w == i)
    return ds.map(lambda k, xy: xy).batch(ic.get_per_replica_batch_size(gb), drop_remainder=True)


def _global_then_slice(ic, x, y, gb):
    """Another order: whole global batches, then this worker's contiguous slice of each."""
    from gpukit import tf

    per, i = gb // ic.num_input_pipelines, ic.input_pipeline_id
    ds = tf.data.Dataset.from_tensor_slices((x, y)).batch(gb, drop_remainder=True)
    return ds.map(lambda xb, yb: (xb[i * per:(i + 1) * per], yb[i * per:(i + 1) * per]))


def _shard_variant(kind):
    from gpukit import tf

    def shard_dataset(ic, x, y, gb):
        w, i, per = ic.num_input_pipelines, ic.input_pipeline_id, ic.get_per_replica_batch_size(gb)
        ds = tf.data.Dataset.from_tensor_slices((x, y))
        if kind == "no drop":            # right, but a last partial batch is kept
            return ds.shard(w, i).batch(per)
        if kind == "contiguous":         # each worker a contiguous block of the file
            part = len(x) // w
            return ds.skip(i * part).take(part).batch(per, drop_remainder=True)
        if kind == "unsharded":          # every worker reads every example
            return ds.batch(per, drop_remainder=True)
        if kind == "index 0":            # every worker keeps shard 0
            return ds.shard(w, 0).batch(per, drop_remainder=True)
        raise ValueError("the shapes do not match\nsecond line")
    return shard_dataset


@pytest.mark.parametrize("answer", [_shard_numpy, _shard_filter, _global_then_slice])
def test_q1_correct_alternatives_pass_public_hidden_and_boundaries(answer):
    for w, gb, n in Q1_PUBLIC + Q1_HIDDEN + Q1_BOUNDARY:
        report = ex02.compare_sharding(answer, num_workers=w, global_batch_size=gb, n_examples=n)
        assert report.passed, ((w, gb, n), report.problem)


@pytest.mark.parametrize("kind, says", [
    ("no drop", r"with 72 examples the last step holds 8, a partial global batch: it must be dropped"),
    ("contiguous", r"at step 0 they hold examples 0-7, 32-39, not global batch 0 \(examples 0-15\)"),
    ("unsharded", r"64 examples reach the workers more than once per epoch .*: the workers' shards overlap"),
    ("index 0", r"32 examples reach the workers more than once per epoch .*: the workers' shards overlap"),
    ("raises", r"^ValueError: the shapes do not match$"),
])
def test_q1_wrong_answers_are_named(kind, says):
    report = ex02.compare_sharding(_shard_variant(kind), **dict(zip(("num_workers", "global_batch_size", "n_examples"),
                                                                    Q1_PUBLIC[0])))
    assert not report.passed and re.search(says, report.problem), report.problem


def test_q1_labels_as_given_inputs_unchanged_and_a_permutation_keeping_the_last_example():
    """Issue 38, round 13 (planted: int32 labels turned into int64; np.abs(x, out=x) on the caller's inputs; a cache keyed
    by the sums and the last example): the hidden single-worker case hands int32 labels and negative inputs, and the
    permuted run keeps its last example last. The labels stay >= 0, so clipping them in place changes nothing."""
    from gpukit import tf

    def variant(kind):
        cache = {}

        def shard_dataset(ic, x, y, gb):
            if kind == "abs":
                np.abs(x, out=x)
            if kind == "clip labels":
                np.maximum(y, 0, out=y)
            key = (float(x.sum()), int(x[-1]))
            if kind != "cached" or key not in cache:
                whole = len(x) // gb * gb
                y_ = y[:whole].astype(np.int64) if kind == "int64" else y[:whole]
                if kind != "cached":  # (round 17: the others keep nothing, or kept_state names them)
                    return _shard_numpy(ic, x[:whole], y_, gb)
                cache[key] = _shard_numpy(ic, x[:whole], y_, gb)
            return cache[key]
        return shard_dataset

    case = dict(num_workers=1, global_batch_size=10, n_examples=30, label_dtype="int32", negative=True)
    for kind, says in (("int64", "the batches' y are int64, the y given is int32: the rule is each input and each label "
                                 "as given"),
                       ("abs", "shard_dataset changed the x or y it was given (with 30 examples): the rule is the "
                               "caller's arrays stay as they were"),
                       ("cached", "kept from an earlier call")):  # (round 14: caught by the second run's labels)
        report = ex02.compare_sharding(variant(kind), **case)
        assert not report.passed and says in report.problem, (kind, report.problem)
    for answer in (variant("clip labels"), _shard_numpy, _global_then_slice):
        report = ex02.compare_sharding(answer, **case)
        assert report.passed, report.problem
    assert tf  # (the variants build tf.data pipelines)


def test_round14_q1_inputs_as_given_and_caches_keyed_on_part_of_the_data():
    """Issue 38, round 14. Planted: float64 inputs cast to float32; inputs passed through np.nan_to_num (the hidden
    single-worker case hands float64 inputs, one of them NaN: ``float_inputs``); a dataset cached by the bytes of x
    alone (the second run hands the first run's x again with other labels); a dataset cached by the second half of x
    and y (the permuted run moves only the first half)."""
    def variant(kind):
        cache = {}

        def shard_dataset(ic, x, y, gb):
            x_ = x.astype(np.float32) if kind == "float32" and x.dtype == np.float64 else x
            x_ = np.nan_to_num(x_) if kind == "nan_to_num" else x_
            key = {"x only": x.tobytes(), "tail": (x[len(x) // 2:].tobytes(), y[len(y) // 2:].tobytes())}.get(kind)
            if key is None:  # (round 17: no cache, or kept_state names it)
                return _shard_numpy(ic, x_, y, gb)
            if key not in cache:
                cache[key] = _shard_numpy(ic, x_, y, gb)
            return cache[key]
        return shard_dataset

    case = dict(num_workers=1, global_batch_size=10, n_examples=30, label_dtype="int32", negative=True,
                float_inputs=True)
    for kind, says in (("float32", "the batches' x are float32, the x given is float64"),
                       ("nan_to_num", "whose input is NaN in the x given, with the input 0.0: the rule is each input as "
                                      "given, its values (NaN and inf included"),
                       ("x only", "called again with the first call's x (the same array, the same values) and other "
                                  "labels"),
                       ("tail", "returned the batches of an earlier call, given the same examples in another order")):
        report = ex02.compare_sharding(variant(kind), **case)
        assert not report.passed and says in report.problem and "\n" not in report.problem, (kind, report.problem)
    for answer in (variant("right"), _global_then_slice):
        report = ex02.compare_sharding(answer, **case)
        assert report.passed, report.problem


def test_round14_q3_q4_a_61_digit_count_a_seed_folded_a_capped_buffer_and_nan_inputs():
    """Issue 38, round 14. Planted: q3, Decimal at 40 digits (hidden: 10**60 + 7 examples); q4, the seed folded to
    seed % 7 (the other seed is seed + 720720, which every k <= 16 divides); a shuffle buffer capped at 16384 (the
    largest case's buffers watched on 2**17 more examples); inputs through np.nan_to_num (``float_inputs``)."""
    from decimal import ROUND_FLOOR, Decimal, localcontext

    from gpukit import tf

    def decimal_40(n, gb, w):
        with localcontext() as c:
            c.prec = 40
            return int((Decimal(n) / Decimal(gb)).to_integral_value(rounding=ROUND_FLOOR))

    report = ex02.check_steps_prediction(decimal_40, n_examples=10**60 + 7, global_batch_size=3, num_workers=3)
    assert not report.passed and "a count must be exact for any size" in report.problem, report.problem
    assert ex02.check_steps_prediction(lambda n, g, w: n // g, n_examples=10**60 + 7, global_batch_size=3,
                                       num_workers=3).passed

    def shuffled(kind):
        def fn(ic, x, y, gb, seed):
            whole = len(x) // gb * gb
            x = np.nan_to_num(x) if kind == "nan_to_num" else x
            buffer = min(len(x), 16384) if kind == "capped" else len(x)
            ds = tf.data.Dataset.from_tensor_slices((x, y)).shuffle(buffer, seed=seed % 7 if kind == "mod 7" else seed)
            return ds.take(whole).shard(ic.num_input_pipelines, ic.input_pipeline_id).batch(
                ic.get_per_replica_batch_size(gb), drop_remainder=True)
        return fn

    report = ex02.check_shuffled_sharding(shuffled("mod 7"))
    assert not report.passed and "runs with seeds 0 and 720720 train on the same order" in report.problem
    report = ex02.check_shuffled_sharding(shuffled("nan_to_num"), float_inputs=True)
    assert not report.passed and "whose input is NaN in the x given" in report.problem, report.problem
    big = 10_000 + 2**17 + 199
    assert "a buffer of 16384 examples, fewer than" in ex02._buffer_problem(shuffled("capped"), big, 200, 2, 5)
    assert ex02._buffer_problem(shuffled("right"), big, 200, 2, 5) is None
    assert ex02.check_shuffled_sharding(shuffled("right"), float_inputs=True).passed


def test_q3_a_float_division_is_wrong_above_2_53():
    """Issue 38, round 13 (planted: int(n / G) below 2**54, which rounds n / 1 = 2**53 + 1; Python's int / int is
    correctly rounded, so G = 3, whose quotient is below 2**53, is exact: only G = 1 or 2 can show it)."""
    def float_below_2_54(n, gb, w):
        return int(n / gb) if n < 2**54 else n // gb

    report = ex02.check_steps_prediction(float_below_2_54, n_examples=2**53 + 1, global_batch_size=1, num_workers=1)
    assert not report.passed and "a count must be exact for any size" in report.problem, report.problem
    assert ex02.check_steps_prediction(float_below_2_54, n_examples=2**53 + 1, global_batch_size=3, num_workers=3).passed
    assert ex02.check_steps_prediction(lambda n, g, w: n // g, n_examples=2**53 + 1, global_batch_size=1,
                                       num_workers=1).passed


def test_q1_a_kept_partial_batch_used_to_pass_every_case_of_the_notebook():
    """The notebook's cases are all whole global batches: the check adds half a per-worker batch."""
    for w, gb, n in Q1_PUBLIC + Q1_HIDDEN:
        report = ex02.compare_sharding(_shard_variant("no drop"), num_workers=w, global_batch_size=gb, n_examples=n)
        assert not report.passed and "a partial global batch: it must be dropped" in report.problem, report.problem
    # one example per worker: no partial batch every worker could keep alike; one short of a whole global
    # batch gives workers 0-2 a step that worker 3 lacks
    odd = ex02.compare_sharding(_shard_variant("no drop"), num_workers=4, global_batch_size=4, n_examples=20)
    assert not odd.passed and "[6, 6, 6, 5]" in odd.problem, odd.problem


class _FakeCluster:
    """cluster.run replaced: every worker 'returns' what ``returns(i)`` gives, or the run raises ``error``."""

    def __init__(self, returns=None, error=None):
        self.returns, self.error, self.calls = returns, error, 0

    def __call__(self, target, num_workers, **kwargs):
        from gpukit import cluster

        self.calls += 1
        if self.error is not None:
            raise self.error
        return cluster.RunResult(results={f"worker {i}": self.returns(i) for i in range(num_workers)}, events={},
                                 logs={}, run_dir="", started=0.0)


def _worker_main(ctx, shard_dataset, epochs, global_batch_size, n_examples, seed):
    """Not run here (cluster.run is faked); compare_cluster_training needs a function that is not a stub."""
    return shard_dataset, epochs, global_batch_size, n_examples, seed


@pytest.fixture(scope="module")
def reference_weights():
    return cluster.train_single(epochs=1, global_batch_size=16, n_examples=64, seed=0)["weights"]


def _compare_faked(monkeypatch, fake):
    monkeypatch.setattr(cluster, "run", fake)
    return ex02.compare_cluster_training(_worker_main, epochs=1, global_batch_size=16, n_examples=64)


@pytest.mark.parametrize("form", [
    lambda w: w,                                         # model.get_weights()
    lambda w: tuple(w),                                  # a tuple of the arrays
    lambda w: [a.astype("float64") for a in w],          # float64 copies
])
def test_q2_the_returned_weights_in_other_forms_pass(monkeypatch, reference_weights, form):
    report = _compare_faked(monkeypatch, _FakeCluster(lambda i: form(reference_weights)))
    assert report.passed, report.problem


@pytest.mark.parametrize("returns, error, says", [
    ("chief only", None, r"^worker 1 returned None: every worker, not only the chief, must return its final weights"),
    (None, "ValueError", r"^worker 1 raised ValueError: the loss is NaN$"),
    (None, "NotImplementedError", r"^not solved yet: worker_main"),
    ("shifted", None, r"^the workers' weights differ from one-process training by"),
    ("one array", None, r"^the workers' weights have shapes \[\(3,\)\], not those of models.mlp"),
])
def test_q2_wrong_returns_and_worker_errors_are_named(monkeypatch, reference_weights, returns, error, says):
    from gpukit import cluster as _cluster

    returns = {"chief only": lambda i: reference_weights if i == 0 else None,
               "shifted": lambda i: [w + 0.01 for w in reference_weights],
               "one array": lambda i: [np.zeros(3)], None: None}[returns]
    err = None if error is None else _cluster.WorkerError("worker 1", error, "the loss is NaN", "Traceback ...", "log")
    report = _compare_faked(monkeypatch, _FakeCluster(returns, err))
    assert not report.passed and re.search(says, report.problem), report.problem
    assert "\n" not in report.problem


@pytest.mark.parametrize("answer", [lambda n, gb, w: np.int64(n) // gb, lambda n, gb, w: math.floor(n / gb),
                                    lambda n, gb, w: int(n / gb), lambda n, gb, w: np.float64(n // gb)])
def test_q3_correct_alternatives_pass_public_and_hidden(answer):
    for n, gb, w in ((1000, 48, 3), (500, 32, 4), (97, 12, 2), (64, 8, 1)):
        report = ex02.check_steps_prediction(answer, n_examples=n, global_batch_size=gb, num_workers=w)
        assert report.passed, ((n, gb, w), report.problem)


def test_q3_one_worker_is_a_boundary_where_splitting_is_not_wrong():
    split = lambda n, gb, w: n // gb // w  # noqa: E731
    assert ex02.check_steps_prediction(split, n_examples=64, global_batch_size=8, num_workers=1).passed
    report = ex02.check_steps_prediction(lambda n, gb, w: n / gb)
    assert not report.passed and "whole number of steps" in report.problem


def _shuffle_variant(kind):
    from gpukit import tf

    def shuffled_shard(ic, x, y, gb, seed):
        w, i, per = ic.num_input_pipelines, ic.input_pipeline_id, ic.get_per_replica_batch_size(gb)
        ds = tf.data.Dataset.from_tensor_slices((x, y))
        if kind == "shard, then shuffle":      # each worker shuffles its own shard, with a seed of its own (round 3)
            return ds.shard(w, i).shuffle(len(x), seed=seed * 1009 + i).batch(per, drop_remainder=True)
        if kind == "shard, then one shuffle":  # the same seed on every worker: blocks of W examples share a step
            return ds.shard(w, i).shuffle(len(x), seed=seed).batch(per, drop_remainder=True)
        if kind == "numpy permutation":        # one order from the seed, the same every epoch
            order = np.random.default_rng(seed).permutation(len(x))
            return tf.data.Dataset.from_tensor_slices((x[order][i::w], y[order][i::w])).batch(per, drop_remainder=True)
        if kind == "no reshuffle":
            ds = ds.shuffle(len(x), seed=seed, reshuffle_each_iteration=False)
            return ds.shard(w, i).batch(per, drop_remainder=True)
        if kind == "global seed":              # tf.random.set_seed: the op seeds follow from it
            tf.random.set_seed(seed)
            return ds.shuffle(len(x)).shard(w, i).batch(per, drop_remainder=True)
        if kind == "global batches, sliced":
            ds = ds.shuffle(len(x), seed=seed).batch(gb, drop_remainder=True)
            return ds.map(lambda xb, yb: (xb[i * per:(i + 1) * per], yb[i * per:(i + 1) * per]))
        if kind == "batches shuffled":         # seeded and replayed, but whole batches move, not examples
            return ds.shard(w, i).batch(per, drop_remainder=True).shuffle(100, seed=seed)
        raise AssertionError(kind)
    return shuffled_shard


Q4_CASES = [dict(), dict(num_workers=3, global_batch_size=12, n_examples=60, seed=4),
            dict(num_workers=4, global_batch_size=8, n_examples=40, seed=9),
            dict(num_workers=2, global_batch_size=8, n_examples=70, seed=1)]  # a partial batch: 6 examples unseen


@pytest.mark.parametrize("kind", ["shard, then shuffle", "global batches, sliced"])
def test_q4_correct_alternatives_pass_public_hidden_and_a_partial_batch(kind):
    for kwargs in Q4_CASES:
        report = ex02.check_shuffled_sharding(_shuffle_variant(kind), **kwargs)
        assert report.passed, (kwargs, report.problem)
    right = ex02.check_shuffled_sharding(_shuffled("right"), **Q4_CASES[-1])
    assert right.passed, right.problem  # used to say "0 examples more than once and 6 never: their shards overlap"


@pytest.mark.parametrize("kind", ["numpy permutation", "no reshuffle"])
def test_q4_one_order_for_every_epoch_is_wrong(kind):
    """Issue 38, round 9: the same order every epoch leaves the same examples out of every epoch when the cut drops
    some. Re-ruled in round 13 (the lead: a full shuffle as shuffled_shard_buggy's, new every epoch): wrong with whole
    global batches too, where 4 epochs of one worker, a global batch of 1, share all their pairs of neighbours."""
    report = ex02.check_shuffled_sharding(_shuffle_variant(kind), **Q4_CASES[1])
    assert not report.passed and "share 63 of their 63 pairs of neighbours" in report.problem, report.problem
    report = ex02.check_shuffled_sharding(_shuffle_variant(kind), **Q4_CASES[-1])
    assert not report.passed and "the examples left over by the cut reach a step in some epoch" in report.problem


def _moved_each_epoch(kind):
    """Planted (issue 38, round 13): a seeded order moved, not drawn anew, each epoch (one worker's pipeline)."""
    from gpukit import tf

    def shuffled_shard(ic, x, y, gb, seed):
        n, xs, ys = len(x), tf.constant(x), tf.constant(y)
        per, whole = ic.get_per_replica_batch_size(gb), len(x) // gb * gb
        perm = np.random.default_rng(seed).permutation(n)
        if kind == "reversed":  # the order or its reverse, picked per epoch
            orders = tf.constant(np.stack([perm, perm[::-1]]))
            idx = tf.data.Dataset.range(2).shuffle(2, seed=seed).take(1).flat_map(
                lambda k: tf.data.Dataset.from_tensor_slices(orders[k][:whole]))
        elif kind == "rotated":  # one order rolled by 7 more places each epoch
            epoch = tf.Variable(0, dtype=tf.int64)
            idx = tf.data.Dataset.range(1).map(lambda _: epoch.assign_add(1)).flat_map(
                lambda e: tf.data.Dataset.from_tensor_slices(tf.roll(perm, tf.cast(7 * e % n, tf.int32), 0)[:whole]))
        else:  # example 0 first, the rest shuffled
            idx = tf.data.Dataset.range(1).concatenate(tf.data.Dataset.range(1, n).shuffle(n, seed=seed)).take(whole)
        idx = idx.shard(ic.num_input_pipelines, ic.input_pipeline_id).batch(per, drop_remainder=True)
        return idx.map(lambda i: (tf.gather(xs, i), tf.gather(ys, i)))
    return shuffled_shard


@pytest.mark.parametrize("kind, says", [("reversed", r"epochs \d and \d share 63 of their 63 pairs of neighbours"),
                                        ("rotated", r"epochs \d and \d share 6\d of their 63 pairs of neighbours"),
                                        ("pinned", r"example 0 comes first in all 4 epochs")])
def test_q4_an_order_moved_each_epoch_is_named(kind, says):
    """Issue 38, round 13 (the lead's ruling: wrong, a full shuffle every epoch, any example at any step with any
    others): 64 examples, a global batch of 1, 4 epochs of one worker (``_reshuffle_problem``)."""
    problem = ex02._reshuffle_problem(_moved_each_epoch(kind), seed=0)
    assert problem and re.search(says, problem) and "a full shuffle of the examples in every epoch" in problem, problem
    assert ex02._reshuffle_problem(_shuffled("right"), seed=0) is None


def test_q4_a_global_seed_is_named_and_put_back():
    """Right by round 3's reading; since round 4 every exercise states "leave the session as you found it"."""
    from tensorflow.python.eager import context

    before = context.global_seed()
    report = ex02.check_shuffled_sharding(_shuffle_variant("global seed"))
    assert not report.passed and "changed TensorFlow's global seed" in report.problem
    assert context.global_seed() == before


def test_q4_the_checks_own_seed_is_not_taken_for_a_cell_that_changed_the_session(monkeypatch):
    """In a session without a global seed, q4's check sets one for its run and clears it. Since round 15 the
    snapshot counts every setting of the seed (tests/test_exercises.py): the check's own pair of settings must not
    count, or every test after q4's public check (otter runs them in a row, ``python -m gpukit exercises 02``) fails
    with "the cells run since the last check changed TensorFlow's global seed". Planted: the check setting its seed
    with ``tf.random.set_seed``."""
    from tensorflow.python.eager import context

    from gpukit import tf
    from gpukit.course.exercises import _MARK, _cells_changed_session, mark_session

    assert context.global_seed() is None
    marked = list(_MARK)
    mark_session()
    try:
        assert ex02.check_shuffled_sharding(_shuffled("right")).passed
        assert _cells_changed_session() is None
        monkeypatch.setattr(ex02, "checks_own_seed", tf.random.set_seed)
        assert ex02.check_shuffled_sharding(_shuffled("right")).passed
        assert "TensorFlow's global seed" in (_cells_changed_session() or "")
    finally:
        _MARK[:] = marked


def test_q4_one_shuffle_of_every_shard_is_named():
    """Round 6: the same seed on every worker's shard shuffles blocks of W consecutive examples, not examples."""
    report = ex02.check_shuffled_sharding(_shuffle_variant("shard, then one shuffle"))
    assert not report.passed and "whole blocks of 2 consecutive examples" in report.problem, report.problem


def test_q4_shuffled_batches_are_named():
    report = ex02.check_shuffled_sharding(_shuffle_variant("batches shuffled"))
    assert not report.passed
    assert report.problem == ("every step trains on one of the file's global batches, whole, only in another order: "
                              "the batches are shuffled, not the examples")


def test_q2_a_grading_run_launches_one_cluster_per_call_a_learner_every_time(monkeypatch, reference_weights):
    """otter reruns the public test after the notebook's own check cell: in a grading run the same call
    reuses the report (one cluster fewer per submission); in a learner's kernel every call runs."""
    import otter

    for grading, launches in ((False, 2), (True, 1)):
        monkeypatch.setattr(ex02, "_GRADED", {})
        monkeypatch.setattr(otter.Notebook, "_grading_mode", grading)
        fake = _FakeCluster(lambda i: reference_weights)
        for _ in range(2):
            assert _compare_faked(monkeypatch, fake).passed
        assert fake.calls == launches, grading
    ex02.compare_cluster_training(_worker_main, num_workers=3, epochs=1, global_batch_size=16, n_examples=64)
    assert fake.calls == 2  # in the same grading run, other arguments launch another cluster


# --------------------------------------------------------------------------- blind answers (issue 38)


@pytest.mark.parametrize("path", blind.answers("02"), ids=lambda p: p.stem)
def test_blind_answers_lose_or_keep_their_points(path):
    """Answers written by someone who never saw the solution or these checks (tests/attacks/ex02),
    graded in-process by the question's public and hidden tests (tests/blind.py): each wrong one loses
    its question's points with a reason, each right one keeps them."""
    as_expected, message = blind.check_answer(path)
    assert as_expected, f"{path.name}: {message or 'kept its points'}"


def test_q1_q4_answers_keyed_on_an_arguments_id_are_caught_every_time():
    """Planted (issue 38, after round 9): q1, a pipeline cached by id(input_context), which met its key again in the
    check's later runs only when CPython handed a freed context's address out again (each run made new contexts);
    q4, a shuffle seed mixed with id(x), which the restarted run matched only when its arrays got the first run's
    addresses. The checks now hand every run the same contexts, and keep both runs' arrays alive: caught every time."""
    from gpukit import tf

    def by_context_id():
        cache = {}

        def shard_dataset(ic, x, y, gb):
            if id(ic) not in cache:
                whole = len(x) // gb * gb
                ds = tf.data.Dataset.from_tensor_slices((x[:whole], y[:whole]))
                cache[id(ic)] = ds.shard(ic.num_input_pipelines, ic.input_pipeline_id).batch(
                    ic.get_per_replica_batch_size(gb), drop_remainder=True)
            return cache[id(ic)]
        return shard_dataset

    def seed_by_id(ic, x, y, gb, seed):
        whole = len(x) // gb * gb
        ds = tf.data.Dataset.from_tensor_slices((x[:whole], y[:whole]))
        ds = ds.shuffle(whole, seed=(seed * 1_000_003 + id(x)) % 2**31)
        return ds.shard(ic.num_input_pipelines, ic.input_pipeline_id).batch(ic.get_per_replica_batch_size(gb),
                                                                            drop_remainder=True)

    for _ in range(3):
        assert not ex02.compare_sharding(by_context_id(), num_workers=2, global_batch_size=16, n_examples=64).passed
        assert not ex02.check_shuffled_sharding(seed_by_id, num_workers=2, global_batch_size=8, n_examples=64,
                                                seed=0).passed


# --------------------------------------------------------------------------- blind round 15 (issue 38)


def test_round15_q1_labels_as_a_column_and_a_negative_zero_made_positive():
    """Round 15. Planted: ``flatten_labels`` (2-D labels flattened: the hidden case of 4 workers has y shaped (n, 1),
    ``label_column``); ``negzero`` (``x += 0.0`` on the caller's x: the single-worker case's example 0 is -0.0, and
    the arrays are compared byte for byte). The right pipeline (gpukit's) passes both."""
    from gpukit import tf

    def flattened(ic, x, y, gb):
        whole = len(x) // gb * gb
        ds = tf.data.Dataset.from_tensor_slices((x[:whole], np.reshape(y[:whole], (whole, -1))[:, 0]))
        return ds.shard(ic.num_input_pipelines, ic.input_pipeline_id).batch(ic.get_per_replica_batch_size(gb),
                                                                             drop_remainder=True)

    def plus_zero(ic, x, y, gb):
        x += 0.0
        return cluster.dataset_fn(ic, x, y, gb)

    report = ex02.compare_sharding(flattened, num_workers=4, global_batch_size=8, n_examples=40, label_column=True)
    assert not report.passed and "from x and y given shaped (n,) and (n, 1)" in report.problem, report.problem
    assert ex02.compare_sharding(cluster.dataset_fn, num_workers=4, global_batch_size=8, n_examples=40,
                                 label_column=True).passed
    single = dict(num_workers=1, global_batch_size=10, n_examples=30, label_dtype="int32", negative=True,
                  float_inputs=True)
    report = ex02.compare_sharding(plus_zero, **single)
    assert not report.passed and "byte for byte (a -0.0 made 0.0 counts)" in report.problem, report.problem
    assert ex02.compare_sharding(cluster.dataset_fn, **single).passed


def test_round15_q2_an_x_not_cut_to_whole_global_batches_is_named(tmp_path):
    """Round 15 (``uncut_data``: the first n_examples digits handed to shard_dataset as they are): the public check's
    shard_dataset notes the length of each x it is handed (``_cut_problem`` reads the notes); 136 examples, batch 16."""
    ex02._note(str(tmp_path), "len", "136")
    assert "an x of 136 examples" in ex02._cut_problem(str(tmp_path), 136, 16)
    (tmp_path / next(p.name for p in tmp_path.iterdir())).write_text("128\n")
    assert ex02._cut_problem(str(tmp_path), 136, 16) is None


def test_round15_q4_seeds_folded_orders_repeating_every_4_epochs_and_a_buffer_capped_at_2_18():
    """Round 15. Planted: the seed cut to its low 32 bits (seeds 0 and 2**32 probed: ``far_seeds``; seed % (2**31 - 1)
    is what Dataset.shuffle does itself, a gap); the orders repeating every 4 epochs (``_reshuffle_problem`` reads 5 in that case); a buffer capped at 2**18 (the
    largest case's buffers watched on 2**18 more examples)."""
    from gpukit import tf

    def shuffled(kind):
        def fn(ic, x, y, gb, seed):
            whole = len(x) // gb * gb
            seed = {"mod int31": seed % (2**31 - 1), "low 32": seed & 0xFFFFFFFF}.get(kind, seed)
            ds = tf.data.Dataset.from_tensor_slices((x, y))
            if kind == "cycle 4":  # the epoch counted in a variable, the order seeded by (seed, epoch % 4)
                epoch = tf.Variable(0, dtype=tf.int64)

                def one_epoch(_):
                    return ds.shuffle(len(x), seed=seed * 10 + epoch.assign_add(1) % 4)

                ds = tf.data.Dataset.from_tensors(0).flat_map(one_epoch)
            else:
                ds = ds.shuffle(min(len(x), 2**18) if kind == "capped" else len(x), seed=seed)
            return ds.take(whole).shard(ic.num_input_pipelines, ic.input_pipeline_id).batch(
                ic.get_per_replica_batch_size(gb), drop_remainder=True)
        return fn

    assert "train on the same order (16 examples" in ex02._far_seeds_problem(shuffled("low 32"))
    assert ex02._far_seeds_problem(shuffled("mod int31")) is None  # a gap: Dataset.shuffle folds its seed so
    assert ex02._far_seeds_problem(shuffled("right")) is None
    assert "epochs 1 and 5 share" in ex02._reshuffle_problem(shuffled("cycle 4"), 0, epochs=5)
    assert ex02._reshuffle_problem(shuffled("right"), 0, epochs=5) is None
    big = 10_000 + 2**18 + 199
    assert "a buffer of 262144 examples, fewer than" in ex02._buffer_problem(shuffled("capped"), big, 200, 2, 5)
    assert ex02._buffer_problem(shuffled("right"), big, 200, 2, 5) is None


# --------------------------------------------------------------------------- blind round 16 (issue 38)


def test_round16_q1_a_nan_rewritten_as_the_standard_nan_is_named():
    """Round 16 (``nan_canonical``: x passed through np.where(np.isnan(x), np.nan, x), which rewrites the NaN's sign and
    payload): the single-worker case's NaN has both (``_PAYLOAD_NAN``), compared bit for bit in the batches."""
    def canonical(ic, x, y, gb):
        return cluster.dataset_fn(ic, np.where(np.isnan(x), np.nan, x), y, gb)

    single = dict(num_workers=1, global_batch_size=10, n_examples=30, label_dtype="int32", negative=True,
                  float_inputs=True)
    report = ex02.compare_sharding(canonical, **single)
    assert not report.passed and "byte for byte (a NaN's bits too" in report.problem, report.problem
    assert ex02.compare_sharding(cluster.dataset_fn, **single).passed


def test_round16_q4_a_seed_through_a_float_is_named():
    """Round 16 (``seed_via_float``: int(float(seed)), one order for 2**53 and 2**53 + 1): ``_FAR_SEEDS`` holds both,
    and 2**53 + 2**32 (round 15's low-32-bit fold still named; 2**53 + 2**61 since round 18)."""
    from gpukit import tf

    def shuffled(kind):
        def fn(ic, x, y, gb, seed):
            seed = {"float": int(float(seed)), "low 32": seed & 0xFFFFFFFF}.get(kind, seed)
            ds = tf.data.Dataset.from_tensor_slices((x, y)).shuffle(len(x), seed=seed)
            return ds.take(len(x) // gb * gb).shard(ic.num_input_pipelines, ic.input_pipeline_id).batch(
                ic.get_per_replica_batch_size(gb), drop_remainder=True)
        return fn

    assert "the seed went through a float" in ex02._far_seeds_problem(shuffled("float"))
    assert "cut to its low bits" in ex02._far_seeds_problem(shuffled("low 32"))
    assert ex02._far_seeds_problem(shuffled("right")) is None


# --------------------------------------------------------------------------- blind round 17 (issue 38)

_KEPT_DATASETS: dict = {}  # round 17's planted cache (module-level, as content_hash_cache's)


def test_round17_q1_a_zero_made_positive_in_the_batches_and_a_cache_keyed_by_contents_are_named():
    """Round 17. ``plus_zero_copy`` (x[:n] + 0: the caller's -0.0 is 0.0 in the batches): the single-worker case's
    -0.0 is compared by its sign in the batches. ``content_hash_cache`` (datasets kept in a module-level dict keyed by
    a hash of the arrays' bytes: every run hands other contents, so none meets an earlier entry): ``kept_state`` read
    around the first run."""
    import hashlib

    def plus_zero(ic, x, y, gb):
        return cluster.dataset_fn(ic, x + 0.0, y, gb)

    def cached(ic, x, y, gb):
        key = (hashlib.sha256(x.tobytes() + y.tobytes()).hexdigest(), gb, ic.input_pipeline_id)
        if key not in _KEPT_DATASETS:
            _KEPT_DATASETS[key] = cluster.dataset_fn(ic, x.copy(), y.copy(), gb)
        return _KEPT_DATASETS[key]

    single = dict(num_workers=1, global_batch_size=10, n_examples=30, label_dtype="int32", negative=True,
                  float_inputs=True)
    report = ex02.compare_sharding(plus_zero, **single)
    assert not report.passed and "is -0.0, with the input 0.0" in report.problem, report.problem
    assert "a zero's sign too" in report.problem
    report = ex02.compare_sharding(cached, num_workers=2, global_batch_size=16, n_examples=64)
    assert not report.passed and "changed module-level '_KEPT_DATASETS'" in report.problem, report.problem
    assert "keeps nothing between calls" in report.problem


def test_round17_q2_rounded_weights_are_named(monkeypatch, reference_weights):
    """Round 17 (``rounded_weights``: np.round(w, 5) returned, within the 1e-4 of the comparison): every value on a
    grid of k decimals (k up to 7) is named; the weights as they are pass (the forms test above)."""
    report = _compare_faked(monkeypatch, _FakeCluster(lambda i: [np.round(w, 5) for w in reference_weights]))
    assert not report.passed and re.search(r"^worker 0 returned weights rounded to 5 decimals", report.problem)
    assert ex02._rounded_problem([[np.round(w, 7) for w in reference_weights]]) is not None
    assert ex02._rounded_problem([reference_weights, reference_weights]) is None


def test_round17_q2_a_guard_on_non_finite_gradients_is_named(tmp_path):
    """Round 17 (``nonfinite_guard``: a replica's gradients zeroed by tf.where when any is non-finite, which never fires
    here): in the public check the workers' optimizer notes the finiteness tests its gradients depend on in the
    traced step (``_finite_tests``); a guard beside them (control dependencies: an assertion) is not followed."""
    from gpukit import tf

    v = tf.Variable([1.0, 2.0])
    found = []

    @tf.function
    def step(kind):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(v * v)
        g = tape.gradient(loss, v)
        if kind == "guard":
            g = tf.where(tf.reduce_all(tf.math.is_finite(g)), g, tf.zeros_like(g))
        elif kind == "assert":
            tf.debugging.Assert(tf.reduce_all(tf.math.is_finite(loss)), [loss])
        found.append(ex02._finite_tests([g]))
        return g

    for kind in ("guard", "assert", "right"):
        step(kind)
    assert found == [{"IsFinite"}, set(), set()]
    ex02._note(str(tmp_path), "guard", "IsFinite")
    assert "depend on a test for non-finite values (IsFinite" in ex02._update_problem(str(tmp_path), 2)


def test_round17_q3_a_decimal_of_64_digits_is_wrong_on_a_count_of_70():
    """Round 17 (``decimal_prec64``: Decimal division in a local context of 64 digits): the hidden count of 61 digits is
    one of 70 (10**70 + 7 examples)."""
    import decimal

    def prec64(n, gb, w):
        with decimal.localcontext() as c:
            c.prec = 64
            return int(decimal.Decimal(n) / decimal.Decimal(gb))

    report = ex02.check_steps_prediction(prec64, n_examples=10**70 + 7, global_batch_size=3, num_workers=3)
    assert not report.passed and "a count must be exact for any size" in report.problem, report.problem
    assert ex02.check_steps_prediction(lambda n, gb, w: n // gb, n_examples=10**70 + 7, global_batch_size=3,
                                       num_workers=3).passed


def test_round17_q4_streams_taken_in_turn_an_order_of_the_workers_and_a_zero_made_positive():
    """Round 17. ``five_stream_interleave`` (on 1000 examples or more, 5 streams of i % 5 shuffled apart and taken in
    turn): every step spread evenly over i % 5 (``_streams_problem``, on the orders drawn). ``seed_plus_workers`` (seeded
    with seed * 1000 + num_input_pipelines): 1 worker and 2 must leave the same examples out by the cut (``_workers_problem``).
    ``plus_zero_copy`` (x + 0 in q4): the float case's -0.0 is compared by its sign, its NaN bit for bit."""
    from gpukit import tf

    rng = np.random.default_rng(0)
    streams = [rng.permutation(np.arange(r, 2048, 5)) for r in range(5)]
    turn = np.array([streams[p % 5][p // 5] for p in range(2045)])[:2048 // 64 * 64 - 64]
    steps = [sorted(turn[k:k + 64].tolist()) for k in range(0, len(turn), 64)]  # 31 steps: two epochs read alike
    assert "spread evenly over their index mod 5" in ex02._streams_problem([steps, steps], 64)
    shuffled = rng.permutation(2048)
    assert ex02._streams_problem([[sorted(shuffled[k:k + 64].tolist()) for k in range(0, 2048, 64)]], 64) is None

    def fn(kind):
        def shuffled_shard(ic, x, y, gb, seed):
            if kind == "workers":
                seed = seed * 1000 + ic.num_input_pipelines
            ds = tf.data.Dataset.from_tensor_slices((x + 0.0 if kind == "plus zero" else x, y)).shuffle(len(x), seed=seed)
            return ds.take(len(x) // gb * gb).shard(ic.num_input_pipelines, ic.input_pipeline_id).batch(
                ic.get_per_replica_batch_size(gb), drop_remainder=True)
        return shuffled_shard

    assert "out on 1 worker and" in ex02._workers_problem(fn("workers"), 4)
    assert ex02._workers_problem(fn("right"), 4) is None
    with pytest.raises(ex02._PairsBroken, match="is -0.0, with the input 0.0"):
        ex02._epoch_orders(fn("plus zero"), np.arange(8), 4, 1, 0, 1, float_inputs=True)
    assert len(ex02._epoch_orders(fn("right"), np.arange(8), 4, 1, 0, 1, float_inputs=True)[0]) == 2


def test_round18_q1_no_step_below_one_global_batch_and_one_worker_cut_too():
    """Round 18. ``take_steps_min_one`` (max(n // G, 1) global batches: fewer examples than one global batch still give
    a step): the ``short`` run of G - 1 examples. ``single_worker_no_cut`` (one worker not cut to whole global batches):
    one worker of 2 replicas, where a partial global batch gives a partial step."""
    from gpukit import tf

    def fn(kind):
        def shard_dataset(ic, x, y, gb):
            per = ic.get_per_replica_batch_size(gb)
            if kind == "one worker" and ic.num_input_pipelines == 1:
                return tf.data.Dataset.from_tensor_slices((x, y)).batch(per, drop_remainder=True)
            whole = (max(len(x) // gb, 1) if kind == "min one" else len(x) // gb) * gb
            ds = tf.data.Dataset.from_tensor_slices((x[:whole], y[:whole]))
            return ds.shard(ic.num_input_pipelines, ic.input_pipeline_id).batch(per, drop_remainder=kind != "min one")
        return shard_dataset

    case = dict(num_workers=1, global_batch_size=10, n_examples=30)
    report = ex02.compare_sharding(fn("min one"), short=True, **case)
    assert not report.passed and "fewer than one global batch of 10" in report.problem, report.problem
    assert "no step at all" in report.problem
    report = ex02.compare_sharding(fn("one worker"), replicas_per_worker=2, **case)
    assert not report.passed and "a partial global batch: it must be dropped" in report.problem, report.problem
    assert ex02.compare_sharding(fn("right"), replicas_per_worker=2, short=True, **case).passed


def test_round18_q3_no_float_beyond_10_75_examples_nor_for_a_global_batch_beyond_2_53():
    """Round 18. ``float_beyond_75_digits`` (n / G in float above 10**75 examples), ``batch_through_float``
    (n // int(float(G))): the hidden case of 10**80 + 7 examples and a global batch of 3 * 2**53 + 3."""
    case = dict(n_examples=10**80 + 7, global_batch_size=3 * 2**53 + 3, num_workers=3)
    for answer in (lambda n, gb, w: int(n / gb) if n > 10**75 else n // gb, lambda n, gb, w: n // int(float(gb))):
        report = ex02.check_steps_prediction(answer, **case)
        assert not report.passed and "a count must be exact for any size" in report.problem, report.problem
    assert ex02.check_steps_prediction(lambda n, gb, w: n // gb, **case).passed


def test_round18_q4_a_fixed_full_shuffle_a_nan_filtered_out_and_a_seed_cut_to_48_bits():
    """Round 18. ``index_shuffle_epoch_fixed`` (a full shuffle with reshuffle_each_iteration=False, then a buffer of
    half the data anew): ``_buffer_problem``. ``drop_nan_filter`` (NaN inputs filtered out): ``_left_over_problem`` with
    float inputs. ``seed_mask48`` (seed & (2**48 - 1)): ``_FAR_SEEDS``' 2**53 + 2**61."""
    from gpukit import tf

    def fn(kind):
        def shuffled_shard(ic, x, y, gb, seed):
            n = len(x)
            ds = tf.data.Dataset.from_tensor_slices((x, y))
            if kind == "nan filter":
                ds = ds.filter(lambda a, b: tf.reduce_all(tf.math.is_finite(tf.cast(a, tf.float64))))
            if kind == "fixed":
                ds = ds.shuffle(n, seed=seed, reshuffle_each_iteration=False).shuffle(n // 2 + 1, seed=seed)
            else:
                ds = ds.shuffle(n, seed=seed & (2**48 - 1) if kind == "mask48" else seed)
            return ds.take(n // gb * gb).shard(ic.num_input_pipelines, ic.input_pipeline_id).batch(
                ic.get_per_replica_batch_size(gb), drop_remainder=True)
        return shuffled_shard

    assert "keeps one order for every epoch" in ex02._buffer_problem(fn("fixed"), 71, 8, 2, 1)
    assert ex02._buffer_problem(fn("right"), 71, 8, 2, 1) is None
    assert "a NaN input too" in ex02._left_over_problem(fn("nan filter"), 1, float_inputs=True)
    assert ex02._left_over_problem(fn("right"), 1, float_inputs=True) is None
    assert "equal in their low 61 bits" in ex02._far_seeds_problem(fn("mask48"))
    assert ex02._far_seeds_problem(fn("right")) is None


# --------------------------------------------------------------------------- blind round 28 (issue 38)


def test_round28_q2_keras_default_loss_is_already_over_the_global_batch_under_a_strategy():
    """Round 28's ``mean_loss_times_replicas`` (kept as outside): a Keras loss with its default reduction, called in a
    replica, is already divided by the replicas (Keras 3's ``scale_loss_for_distribution``), so the all-reduced gradient
    equals one process's; a ``tf.reduce_mean`` by hand (``q2_wrong_per_worker_mean``) is num_replicas times it. If a
    Keras version stops scaling, this fails: the outside ruling must then become a catch."""
    from gpukit import cluster, keras, models, tf

    strategy = tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1", "/cpu:2"])
    x, y = cluster.training_data(48, 24)
    batch = next(iter(strategy.distribute_datasets_from_function(lambda ic: cluster.dataset_fn(ic, x, y, 24))))
    with strategy.scope():
        model = models.mlp(input_shape=(64,), hidden=(32,), seed=0)
    default = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
    each = keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction=None)

    @tf.function
    def grads(xb, yb):
        with tf.GradientTape(persistent=True) as tape:
            logits = model(xb, training=True)
            losses = (default(yb, logits), tf.nn.compute_average_loss(each(yb, logits), global_batch_size=24),
                      tf.reduce_mean(each(yb, logits)))
        ctx = tf.distribute.get_replica_context()
        return [ctx.all_reduce("SUM", tape.gradient(loss, model.trainable_variables)[0]) for loss in losses]

    kept, average, own_mean = (strategy.experimental_local_results(g)[0].numpy()
                               for g in strategy.run(grads, args=batch))
    np.testing.assert_allclose(kept, average, rtol=1e-6, atol=1e-9)
    np.testing.assert_allclose(own_mean, 3 * average, rtol=1e-5, atol=1e-8)


def test_round28_q4_a_buffer_capped_at_2_20_and_a_seed_folded_into_62_bits():
    """Round 28. ``buffer_cap_2_20`` (and round 16's gap ``buffer_cap_2p21``): the largest hidden case's buffers are
    watched on 2**21 more examples. ``seed_fold_62bit`` (seed % 2**62 beyond 62 bits): ``_far_seeds_problem`` reads
    2**63 - 1 against its fold modulo 2**31 - 1."""
    from gpukit import tf

    def fn(kind):
        def shuffled_shard(ic, x, y, gb, seed):
            n = len(x)
            if kind == "fold62" and not -2**62 <= seed < 2**62:
                seed %= 2**62
            ds = tf.data.Dataset.from_tensor_slices((x, y)).shuffle(min(n, 2**20) if kind == "cap" else n, seed=seed)
            return ds.take(n // gb * gb).shard(ic.num_input_pipelines, ic.input_pipeline_id).batch(
                ic.get_per_replica_batch_size(gb), drop_remainder=True)
        return shuffled_shard

    n = 10_000 + 199 + 2**21
    assert "a buffer of 1048576 examples" in ex02._buffer_problem(fn("cap"), n, 200, 2, 5)
    assert ex02._buffer_problem(fn("right"), n, 200, 2, 5) is None
    assert "folded into fewer bits" in ex02._far_seeds_problem(fn("fold62"))
    assert ex02._far_seeds_problem(fn("right")) is None
