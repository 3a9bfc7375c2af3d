"""Exercise 01's checks (gpukit.course.exercises.ex01): the solution passes, the stub is "not solved
yet", and each classic wrong answer gets a problem that names its symptom."""

from __future__ import annotations

import re

import numpy as np
import pytest

import blind

from gpukit import strategies, training
from gpukit._tf import tf
from gpukit.course.exercises import ex01, require

LOSS_FN = training.per_example_loss()


def test_compare_loss_catches_the_per_replica_mean():
    right = ex01.compare_loss(lambda m, x, y, gb: tf.reduce_sum(LOSS_FN(y, m(x, training=True))) / gb)
    assert right.passed, right.problem
    assert right.details["got"] == pytest.approx(right.details["expected"], abs=1e-5)
    mean = ex01.compare_loss(lambda m, x, y, gb: tf.reduce_mean(LOSS_FN(y, m(x))))
    assert not mean.passed and "SUM" in mean.problem
    per_example = ex01.compare_loss(lambda m, x, y, gb: LOSS_FN(y, m(x)) / gb)
    assert "scalar" in per_example.problem
    stub = ex01.compare_loss(lambda *a: None)
    assert stub.problem == "not solved yet: compute_loss returns None; replace the ... with your code"
    with pytest.raises(AssertionError, match="not solved yet"):
        require(stub)


def _factory(divide_by_global=True, answer=True):
    def make(strategy, model, optimizer, gb):
        if not answer:
            return None

        def replica(x, y):
            with tf.GradientTape() as tape:
                per_example = LOSS_FN(y, model(x, training=True))
                loss = tf.reduce_sum(per_example) / gb if divide_by_global else tf.reduce_mean(per_example)
            grads = tape.gradient(loss, model.trainable_variables)
            optimizer.apply_gradients(zip(grads, model.trainable_variables))
            return loss

        @tf.function
        def step(batch):
            return strategy.reduce("SUM", strategy.run(replica, args=batch), axis=None)

        return step
    return make


def test_compare_train_step_measures_the_per_replica_mean():
    """The per-replica mean makes every update num_replicas times too big: the report says so."""
    strategy = strategies.mirrored()
    good = ex01.compare_train_step(_factory(), strategy, steps=1)
    assert good.passed, good.problem
    bad = ex01.compare_train_step(_factory(divide_by_global=False), strategy, steps=1)
    assert not bad.passed and "GLOBAL" in bad.problem
    assert bad.details["update_ratio"] == pytest.approx(strategy.num_replicas_in_sync, rel=0.05)
    assert ex01.compare_train_step(_factory(answer=False), strategy, steps=1).problem.startswith("not solved yet")


def _evaluate(first_replica_only=False):
    def evaluate(strategy, model, dist_dataset):
        def counts(x, y):
            predicted = tf.argmax(model(x, training=False), axis=-1, output_type=y.dtype)
            return tf.reduce_sum(tf.cast(tf.equal(predicted, y), tf.float32)), tf.cast(tf.shape(y)[0], tf.float32)

        correct = total = 0.0
        for batch in dist_dataset:
            c, n = strategy.run(counts, args=batch)
            if first_replica_only:  # the classic mistake: one replica's count read as the total
                correct += float(strategy.experimental_local_results(c)[0])
                total += float(strategy.experimental_local_results(n)[0])
            else:
                correct += float(strategy.reduce("SUM", c, axis=None))
                total += float(strategy.reduce("SUM", n, axis=None))
        return correct / total
    return evaluate


def test_compare_accuracy_catches_one_replica_read_as_all():
    strategy = strategies.mirrored()
    right = ex01.compare_accuracy(_evaluate(), strategy)
    assert right.passed, right.problem
    wrong = ex01.compare_accuracy(_evaluate(first_replica_only=True), strategy)
    assert not wrong.passed and "sum the correct counts over replicas" in wrong.problem
    assert ex01.compare_accuracy(lambda *a: None, strategy).problem.startswith("not solved yet")
    not_a_number = ex01.compare_accuracy(lambda *a: "high", strategy)
    assert "evaluate returned str; the contract: a float, Python's or numpy's" in not_a_number.problem


def test_compare_train_step_catches_per_replica_losses_not_reduced():
    strategy = strategies.mirrored()

    def make(strategy, model, optimizer, gb):
        right = _factory()(strategy, model, optimizer, gb)

        def replica(x, y):
            with tf.GradientTape() as tape:
                loss = tf.reduce_sum(LOSS_FN(y, model(x, training=True))) / gb
            grads = tape.gradient(loss, model.trainable_variables)
            optimizer.apply_gradients(zip(grads, model.trainable_variables))
            return loss

        @tf.function
        def step(batch):  # the mistake: the per-replica losses come back unreduced
            return strategy.run(replica, args=batch)

        del right
        return step

    report = ex01.compare_train_step(make, strategy, steps=1)
    assert not report.passed and "the contract is one number, the loss of the whole global batch" in report.problem


# --------------------------------------------------------------------------- q4 predict


@pytest.mark.parametrize("wrong, says", [
    (lambda r, b: 1 / r, "BIGGER than one device's, not smaller"),          # the gradients shrink
    (lambda r, b: r * b, "per-replica batch size does not enter"),
    (lambda r, b: 1, "not the factor measured"),                             # "a mean is a mean"
    (lambda r, b: "four", "must return a number"),
])
def test_check_scale_prediction_catches_the_classic_guesses(wrong, says):
    report = ex01.check_scale_prediction(wrong, num_replicas=2, per_replica_batch_size=4)
    assert not report.passed and says in report.problem
    assert report.details["measured"] == 2.0  # measured on 2 replicas, not restated


def test_check_scale_prediction_right_stub_and_a_copied_number():
    assert ex01.check_scale_prediction(lambda r, b: r, num_replicas=4, per_replica_batch_size=4).passed
    assert ex01.check_scale_prediction(lambda r, b: None).problem.startswith("not solved yet")
    copied = lambda r, b: 4  # noqa: E731 - passes the public 4-replica check, not the hidden one
    assert ex01.check_scale_prediction(copied, num_replicas=4, per_replica_batch_size=4).passed
    assert not ex01.check_scale_prediction(copied, num_replicas=3, per_replica_batch_size=5).passed
    with pytest.raises(ValueError, match=r"call devices.setup\(virtual=64\)"):
        ex01.check_scale_prediction(lambda r, b: r, num_replicas=64)


def test_q4_round21_a_simulation_is_named_by_what_it_holds_and_the_watch_leaves_the_session_as_it_was():
    """Issue 38, round 21 (blind: ones_simulation; round 14's gap python_sim): a simulation of the replicas on data it
    makes holds an entry per example; a formula holds nothing. Planted: the probe removed (``_PROBE_BYTES`` and
    ``_PROBE_ELEMENTS`` past any size) lets all three through. The watch starts and stops tracemalloc only when it was
    off, and removes its op callback."""
    import tracemalloc

    from tensorflow.python.eager import context

    def numpy_ones(r, b):
        ones = np.ones((r, b))
        return float(ones.mean(axis=1).sum() / ones.mean())

    def python_list(r, b):
        g = [1.0] * (r * b)
        return sum(g[i * b:(i + 1) * b].count(1.0) / b for i in range(r)) / (sum(g) / len(g))

    def tf_ones(r, b):
        ones = tf.ones((r, b), tf.float64)
        return float(tf.reduce_sum(tf.reduce_mean(ones, axis=1)) / tf.reduce_mean(ones))

    for answer, says in ((numpy_ones, "MiB of Python objects or NumPy arrays"), (python_list, "MiB of Python"),
                         (tf_ones, "a TensorFlow tensor of 131072 elements")):
        assert answer(4, 16) == 4.0  # the value is right: only what it holds is wrong
        report = ex01.check_scale_prediction(answer, num_replicas=4, per_replica_batch_size=16)
        assert not report.passed and says in report.problem and "not a simulation" in report.problem, report.problem
    assert ex01.check_scale_prediction(lambda r, b: float(r), num_replicas=4, per_replica_batch_size=16).passed
    assert not tracemalloc.is_tracing() and not context.context().op_callbacks  # left as found
    tracemalloc.start()
    try:
        held, elements = ex01._held_while(numpy_ones, 512, 256)
        assert tracemalloc.is_tracing() and held >= 512 * 256 * 8 and elements == 0
    finally:
        tracemalloc.stop()


# --------------------------------------------------------------------------- q5 debug


def _train(divide_by="global", learning_rate_factor=1.0, answer=True):
    """The exercise's train function; ``divide_by="per_replica"`` is the planted bug (the
    replica's own batch size as the divisor, as ``train_buggy`` does)."""
    from gpukit import data, models
    from gpukit._tf import keras

    def train_mirrored(strategy, x, y, global_batch_size, steps, seed, learning_rate):
        if not answer:
            return None
        with strategy.scope():
            model = models.mlp(seed=seed)
            optimizer = keras.optimizers.SGD(learning_rate * learning_rate_factor)
        training.build_optimizer(strategy, model, optimizer)
        dist, _ = data.distribute(strategy, x, y, global_batch_size=global_batch_size)

        def replica_step(xb, yb):
            with tf.GradientTape() as tape:
                per_example = LOSS_FN(yb, model(xb, training=True))
                if divide_by == "per_replica":
                    loss = tf.reduce_sum(per_example) / tf.cast(tf.shape(yb)[0], tf.float32)
                else:
                    loss = tf.nn.compute_average_loss(per_example, global_batch_size=global_batch_size)
            grads = tape.gradient(loss, model.trainable_variables)
            optimizer.apply_gradients(zip(grads, model.trainable_variables))
            return loss

        @tf.function
        def step(batch):
            return strategy.reduce("SUM", strategy.run(replica_step, args=batch), axis=None)

        for _, batch in zip(range(steps), dist):
            step(batch)
        return model
    return train_mirrored


def test_check_debugged_training_catches_the_bug_left_in():
    strategy = strategies.mirrored()
    right = ex01.check_debugged_training(_train(), strategy, steps=2)
    assert right.passed, right.problem
    bug = ex01.check_debugged_training(_train("per_replica"), strategy, steps=2)
    assert not bug.passed and bug.problem.startswith("still wrong")
    assert "the bug you were asked to find is still there" in bug.problem
    assert "compute_average_loss" not in bug.problem and "global" not in bug.problem.lower()  # no fix given
    assert bug.details["first_update_ratio"] == pytest.approx(strategy.num_replicas_in_sync, rel=0.05)


def test_check_debugged_training_other_mistakes_and_stub():
    strategy = strategies.mirrored(["/cpu:0", "/cpu:1"])
    other = ex01.check_debugged_training(_train(learning_rate_factor=3.0), strategy, steps=1)
    assert not other.passed and "not the given 0.1: the rule is plain SGD with the given learning_rate" in other.problem
    assert ex01.check_debugged_training(_train(answer=False), strategy).problem.startswith("not solved yet")
    not_a_model = ex01.check_debugged_training(lambda *a: [1, 2], strategy, steps=1)
    assert "must return the trained Keras model, not list" in not_a_model.problem


def test_hints_cover_every_question_of_exercise_01():
    assert set(ex01.HINTS) == {"q1", "q2", "q3", "q4", "q5"}
    assert all(len(items) >= 2 for items in ex01.HINTS.values())


# --------------------------------------------------------------------------- issue 28's audit: the way a student works
# Correct alternatives pass the public and the hidden cases of the solution's test cells; classic wrong
# answers and contract-breaking ones (right numbers, computed the way the prompt forbids) fail with a
# sentence that names the mistake.

Q1_PUBLIC = [dict(seed=0, n=8, global_batch_size=32)]
Q1_HIDDEN = [dict(seed=11, n=12, global_batch_size=g) for g in (12, 48, 96)]


def _loss_keras_sum(model, x, y, global_batch_size):
    """Another correct q1: a Keras loss object that sums, divided by the global batch."""
    from gpukit import keras

    total = keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction="sum")
    return total(y, model(x, training=True)) / global_batch_size


def _loss_mean_rescaled(model, x, y, global_batch_size):
    """Another formula: this replica's mean times its number of examples, over the global batch."""
    per_example = LOSS_FN(y, model(x, training=True))
    return tf.reduce_mean(per_example) * tf.cast(tf.shape(per_example)[0], tf.float32) / global_batch_size


@pytest.mark.parametrize("answer", [
    lambda m, x, y, gb: tf.nn.compute_average_loss(LOSS_FN(y, m(x, training=True)), global_batch_size=gb),
    _loss_keras_sum])
def test_q1_correct_alternatives_pass_public_and_hidden(answer):
    for kwargs in Q1_PUBLIC + Q1_HIDDEN:
        report = ex01.compare_loss(answer, **kwargs)
        assert report.passed, (kwargs, report.problem)


def test_q1_the_mean_times_the_count_is_nan_on_a_replica_with_no_example():
    """Blind round 10: the mean x the replica's count / G equals sum / G whenever the replica has examples (it was
    filed right until round 9), and is NaN on a replica whose slice of a last batch is empty: called inside
    strategy.run (``on_replicas``), the check names it. The right formula passes the same case."""
    assert ex01.compare_loss(_loss_mean_rescaled, **Q1_HIDDEN[0]).passed
    report = ex01.compare_loss(_loss_mean_rescaled, seed=13, n=10, global_batch_size=30, on_replicas=True)
    assert not report.passed and "a replica with no example gives 0" in report.problem, report.problem
    right = ex01.compare_loss(lambda m, x, y, gb: tf.reduce_sum(LOSS_FN(y, m(x, training=True))) / gb,
                              seed=13, n=10, global_batch_size=30, on_replicas=True)
    assert right.passed, right.problem


@pytest.mark.parametrize("answer, says", [
    (lambda m, x, y, gb: tf.reduce_mean(LOSS_FN(y, m(x))), "the mean over this replica's 8 examples: divide the SUM"),
    (lambda m, x, y, gb: tf.reduce_sum(LOSS_FN(y, m(x))), "the SUM of the per-example losses, not divided by "
                                                          "global_batch_size"),
    (lambda m, x, y, gb: tf.reduce_sum(LOSS_FN(y, m(x))) / 64,  # the notebook's GLOBAL_BATCH_SIZE, not the argument
     "divided by 64, not by global_batch_size=32"),
    (lambda m, x, y, gb: tf.reduce_sum(LOSS_FN(y, tf.nn.softmax(m(x)))) / gb,  # probabilities into a from_logits loss
     "no other divisor explains it: the rule is the SUM of loss_fn\\(y, logits\\)'s per-example losses, for the "
     "model's logits as they are"),
    (lambda m, x, y, gb: LOSS_FN(y, m(x)) / gb, "must return one number, a scalar tensor of shape \\(\\), not one value per example"),
    (lambda m, x, y, gb: "low", "must return one number"),
    # contract broken: the right number, computed outside TensorFlow, has no gradient for the strategy to sum
    (lambda m, x, y, gb: float(np.sum(LOSS_FN(y, m(x)).numpy()) / gb), "right number but TensorFlow cannot "
                                                                       "differentiate it"),
    (lambda m, x, y, gb: tf.stop_gradient(tf.reduce_sum(LOSS_FN(y, m(x))) / gb), "cannot differentiate it"),
])
def test_q1_wrong_and_contract_breaking_answers_are_named(answer, says):
    report = ex01.compare_loss(answer, **Q1_PUBLIC[0])
    assert not report.passed and re.search(says, report.problem), report.problem
    assert "\n" not in report.problem


def _step_alternative(strategy, model, optimizer, gb):
    """Another correct q2: the batch unpacked, the op as a string, Keras 3's optimizer.apply, and the
    replicas' losses added with add_n over the local results (one machine) instead of strategy.reduce."""
    def replica(x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(LOSS_FN(y, model(x, training=True))) * (1.0 / gb)
        optimizer.apply(tape.gradient(loss, model.trainable_variables), model.trainable_variables)
        return loss

    @tf.function
    def train_step(batch):
        x, y = batch
        return tf.add_n(strategy.experimental_local_results(strategy.run(replica, args=(x, y))))

    return train_step


def _step_variant(reduce_op="SUM", compiled=True, applies=1):
    """The solution's step, with one thing changed: the reduction, tf.function, the updates per step."""
    def make(strategy, model, optimizer, gb):
        def replica(x, y):
            with tf.GradientTape() as tape:
                loss = tf.nn.compute_average_loss(LOSS_FN(y, model(x, training=True)), global_batch_size=gb)
            grads = tape.gradient(loss, model.trainable_variables)
            for _ in range(applies):
                optimizer.apply_gradients(zip(grads, model.trainable_variables))
            return loss

        def train_step(batch):
            return strategy.reduce(reduce_op, strategy.run(replica, args=batch), axis=None)

        return tf.function(train_step) if compiled else train_step
    return make


def _q2_cases():
    return [(strategies.mirrored(), dict(steps=3)),
            (strategies.mirrored(["/cpu:0", "/cpu:1"]),
             dict(steps=4, seed=7, global_batch_size=24, partial=5, earlier_call=True))]


@pytest.mark.parametrize("answer", [_factory(), _step_variant(), _step_alternative])
def test_q2_correct_alternatives_pass_public_and_hidden(answer):
    for strategy, kwargs in _q2_cases():
        report = ex01.compare_train_step(answer, strategy, **kwargs)
        assert report.passed, report.problem
        assert report.details["compiled"] is True


@pytest.mark.parametrize("answer, says", [
    (_step_variant(reduce_op="MEAN"), r"returned loss differs from the single-device loss.*reduce\(SUM"),
    (_step_variant(applies=2), r"\(your updates are 1\.9\d x the right size\).*apply the gradients once per step"),
    # contract broken: the right numbers, but strategy.run outside a tf.function (eager, slow)
    (_step_variant(compiled=False), "the numbers are right, but train_step ran eagerly"),
])
def test_q2_wrong_and_contract_breaking_answers_are_named(answer, says):
    report = ex01.compare_train_step(answer, strategies.mirrored(["/cpu:0", "/cpu:1"]), steps=2)
    assert not report.passed and re.search(says, report.problem), report.problem


def _evaluate_compiled(strategy, model, dist_dataset):
    """The solution's q3: a tf.function step reducing the two counts with SUM."""
    def counts(x, y):
        predicted = tf.argmax(model(x, training=False), axis=-1, output_type=y.dtype)
        return tf.reduce_sum(tf.cast(tf.equal(predicted, y), tf.float32)), tf.cast(tf.shape(y)[0], tf.float32)

    @tf.function
    def step(batch):
        c, n = strategy.run(counts, args=batch)
        return strategy.reduce("SUM", c, axis=None), strategy.reduce("SUM", n, axis=None)

    correct = total = 0.0
    for batch in dist_dataset:
        c, n = step(batch)
        correct, total = correct + float(c), total + float(n)
    return correct / total


def _evaluate_keras_metric(strategy, model, dist_dataset):
    """Another correct q3 (TensorFlow's tutorial): a Keras metric built in scope, updated on every replica."""
    from gpukit import keras

    with strategy.scope():
        accuracy = keras.metrics.SparseCategoricalAccuracy()

    @tf.function
    def step(batch):
        strategy.run(lambda x, y: accuracy.update_state(y, model(x, training=False)), args=batch)

    for batch in dist_dataset:
        step(batch)
    return float(accuracy.result())


def _evaluate_numpy(part="all"):
    """q3 counted in numpy from each replica's local results; ``part`` plants a classic mistake."""
    def evaluate(strategy, model, dist_dataset):
        correct = total = 0
        for x, y in dist_dataset:
            xs, ys = strategy.experimental_local_results(x), strategy.experimental_local_results(y)
            for i, (xl, yl) in enumerate(zip(xs, ys)):
                if part == "first replica" and i > 0:
                    continue
                correct += int(np.sum(np.argmax(model(xl).numpy(), axis=-1) == yl.numpy()))
                total += len(yl) if part != "one replica's total" or i == 0 else 0
            if part == "first batch":  # the return indented one level too deep
                return correct / total
        return correct / total
    return evaluate


def _q3_cases():
    return [(strategies.mirrored(), {}),
            (strategies.mirrored(["/cpu:0", "/cpu:1"]), dict(seed=3, n=40, global_batch_size=8))]


@pytest.mark.parametrize("answer", [_evaluate_compiled, _evaluate(), _evaluate_keras_metric, _evaluate_numpy()])
def test_q3_correct_alternatives_pass_public_and_hidden(answer):
    for strategy, kwargs in _q3_cases():
        report = ex01.compare_accuracy(answer, strategy, **kwargs)
        assert report.passed, report.problem


@pytest.mark.parametrize("answer, says", [
    (_evaluate(first_replica_only=True), "the accuracy of the first replica's examples only"),
    (_evaluate_numpy("first replica"), "the accuracy of the first replica's examples only"),
    (_evaluate_numpy("first batch"), "the accuracy of the first batch's examples only"),
    (_evaluate_numpy("one replica's total"), r"x too much, the correct counts of all \d replicas divided by one "
                                             r"replica's number of examples"),
])
def test_q3_wrong_answers_are_named_by_public_and_hidden(answer, says):
    """Half the labels, chosen at random, follow the predictions: a part's accuracy is not the whole's
    (with every other label following, each part had exactly the whole's share: the hidden case passed)."""
    for strategy, kwargs in _q3_cases():
        report = ex01.compare_accuracy(answer, strategy, **kwargs)
        assert not report.passed and re.search(says, report.problem), report.problem


@pytest.mark.parametrize("answer", [lambda r, b: float(r), lambda r, b: np.int64(r), lambda r, b: r * b / b])
def test_q4_correct_alternatives_pass_public_and_hidden(answer):
    for r, b in ((4, 16), (2, 12), (3, 5)):
        report = ex01.check_scale_prediction(answer, num_replicas=r, per_replica_batch_size=b, seed=r)
        assert report.passed, report.problem


def test_q4_the_per_replica_batch_alone_is_named():
    report = ex01.check_scale_prediction(lambda r, b: b, num_replicas=2, per_replica_batch_size=4)
    assert not report.passed and "per-replica batch size does not enter" in report.problem


def _train_with_loss(replica_loss):
    """q5's train_mirrored with the replica's loss written by ``replica_loss(per_example, y_batch, gb)``."""
    from gpukit import data, models
    from gpukit._tf import keras

    def train_mirrored(strategy, x, y, global_batch_size, steps, seed, learning_rate):
        with strategy.scope():
            model = models.mlp(seed=seed)
            optimizer = keras.optimizers.SGD(learning_rate)
        training.build_optimizer(strategy, model, optimizer)
        dist, _ = data.distribute(strategy, x, y, global_batch_size=global_batch_size)

        def replica_step(xb, yb):
            with tf.GradientTape() as tape:
                loss = replica_loss(LOSS_FN(yb, model(xb, training=True)), yb, global_batch_size)
            grads = tape.gradient(loss, model.trainable_variables)
            optimizer.apply_gradients(zip(grads, model.trainable_variables))
            return loss

        @tf.function
        def step(batch):
            return strategy.reduce("SUM", strategy.run(replica_step, args=batch), axis=None)

        for step_index, batch in enumerate(dist):  # `steps` global batches of the ones given
            if step_index == steps:
                break
            step(batch)
        return model
    return train_mirrored


def _replicas():
    return tf.distribute.get_replica_context().num_replicas_in_sync


@pytest.mark.parametrize("answer", [
    _train(),                                                                      # compute_average_loss
    _train_with_loss(lambda pe, yb, gb: tf.reduce_sum(pe) / gb),                   # the sum over the global batch
    _train_with_loss(lambda pe, yb, gb: tf.reduce_mean(pe) / _replicas()),         # mean / replicas: equal batches here
])
def test_q5_correct_alternatives_pass_public_and_hidden(answer):
    public = ex01.check_debugged_training(answer, strategies.mirrored(), steps=3)
    assert public.passed, public.problem
    hidden = ex01.check_debugged_training(answer, strategies.mirrored(["/cpu:0", "/cpu:1"]), seed=5, steps=3,
                                          global_batch_size=12, batches=2, again=True)
    assert hidden.passed, hidden.problem


def test_q5_the_fix_overdone_is_named():
    """Divided by the global batch AND by the replicas: every update now too small by the replica count."""
    over = _train_with_loss(lambda pe, yb, gb: tf.reduce_sum(pe) / gb / _replicas())
    report = ex01.check_debugged_training(over, strategies.mirrored(["/cpu:0", "/cpu:1"]), steps=2)
    assert not report.passed and "every update is 0.50 x one device's on 2 replicas: too SMALL now" in report.problem


def test_q5_the_given_bug_is_named_after_the_notebooks_three_steps():
    """The notebook's own cell: train_buggy, 3 steps on 4 replicas. The weight change after 3 steps is
    3.77 x one device's (the trajectories part), which used to fall outside "still wrong"'s 5%: the factor
    of one update is now measured on a one-step run."""
    report = ex01.check_debugged_training(_train("per_replica"), strategies.mirrored())
    assert not report.passed and report.problem.startswith("still wrong"), report.problem
    assert "every update is 4.00 x one device's on 4 replicas" in report.problem
    assert report.details["first_update_ratio"] == pytest.approx(4.0, rel=1e-3)


# --------------------------------------------------------------------------- blind answers (issue 38)


@pytest.mark.parametrize("path", blind.answers("01"), ids=lambda p: p.stem)
def test_blind_answers_lose_or_keep_their_points(path):
    """Answers written by someone who never saw the solution or these checks (tests/attacks/ex01),
    graded in-process by the question's public and hidden tests (tests/blind.py): each wrong one loses
    its question's points with a reason, each right one keeps them."""
    as_expected, message = blind.check_answer(path)
    assert as_expected, f"{path.name}: {message or 'kept its points'}"


def test_compare_loss_swaps_loss_fn_in_the_answers_globals():
    """Blind round 8 (`own_crossentropy`): the notebook's ``loss_fn`` is replaced, for one call, by another
    per-example loss; a cross-entropy written again gives the old value and fails, one that calls ``loss_fn``
    follows it and passes; ``loss_fn`` is put back."""
    ns = {"tf": tf, "loss_fn": LOSS_FN}
    exec("def given(m, x, y, gb):\n    return tf.reduce_sum(loss_fn(y, m(x, training=True))) / gb\n"
         "def own(m, x, y, gb):\n    return tf.reduce_sum(tf.nn.sparse_softmax_cross_entropy_with_logits(\n"
         "        labels=y, logits=m(x, training=True))) / gb\n", ns)
    assert ex01.compare_loss(ns["given"]).passed
    report = ex01.compare_loss(ns["own"])
    assert not report.passed and "the per-example losses come from loss_fn" in report.problem, report.problem
    assert ns["loss_fn"] is LOSS_FN


def test_compare_train_step_partial_batch_needs_the_earlier_call():
    with pytest.raises(ValueError, match="partial=5 needs earlier_call=True"):
        ex01.compare_train_step(_factory(), strategies.mirrored(["/cpu:0", "/cpu:1"]), partial=5)
    with pytest.raises(ValueError, match="num_replicas=2 <= partial < global_batch_size=16"):
        ex01.compare_train_step(_factory(), strategies.mirrored(["/cpu:0", "/cpu:1"]), partial=1, earlier_call=True)


def test_compare_loss_names_a_model_called_without_training_true():
    """Blind round 2: ``model(x)`` gives the same number for this MLP (no Dropout, no BatchNormalization);
    the contract says ``model(x, training=True)``, so the call itself is watched."""
    report = ex01.compare_loss(lambda m, x, y, gb: tf.reduce_sum(LOSS_FN(y, m(x))) / gb)
    assert not report.passed and "training=None" in report.problem and "training=True" in report.problem
    inference = ex01.compare_loss(lambda m, x, y, gb: tf.reduce_sum(LOSS_FN(y, m(x, training=False))) / gb)
    assert not inference.passed and "training=False" in inference.problem


# --------------------------------------------------------------------------- blind round 13 (issue 38)


def test_q1_round13_logits_changed_before_loss_fn_and_a_rebuilt_max_divisor_are_named():
    """Round 13: ``shift_logits`` (the row max subtracted before loss_fn) equals the cross-entropy, not the swapped
    loss, which is not shift-invariant; ``divisor_max_rebuilt`` (max(G, rows x R)) is G on a last batch, 132 on the
    full batch of 130 split 33, 33, 33, 31 (round 16; was 30). The right answer passes both."""
    ns = {"tf": tf, "loss_fn": LOSS_FN}
    exec("def right(m, x, y, gb):\n    return tf.reduce_sum(loss_fn(y, m(x, training=True))) / gb\n"
         "def shifted(m, x, y, gb):\n    z = m(x, training=True)\n"
         "    return tf.reduce_sum(loss_fn(y, z - tf.reduce_max(z, axis=-1, keepdims=True))) / gb\n"
         "def rebuilt(m, x, y, gb):\n    per = loss_fn(y, m(x, training=True))\n"
         "    n = tf.cast(tf.shape(per)[0] * tf.distribute.get_replica_context().num_replicas_in_sync, tf.float32)\n"
         "    return tf.reduce_sum(per) / tf.maximum(tf.cast(gb, tf.float32), n)\n", ns)
    hidden = dict(seed=13, n=10, global_batch_size=30, on_replicas=True)
    assert ex01.compare_loss(ns["right"], **hidden).passed
    shifted = ex01.compare_loss(ns["shifted"])
    assert not shifted.passed and "on the model's logits as they are" in shifted.problem, shifted.problem
    rebuilt = ex01.compare_loss(ns["rebuilt"], **hidden)
    assert not rebuilt.passed and "split 33, 33, 33, 31" in rebuilt.problem and "global_batch_size as given" in rebuilt.problem


def test_q2_round13_a_nan_update_is_compared_where_it_is_nan():
    """Round 13 (``nan_loss_guard``): the NaN-input probe compares updates NaN where one device's are NaN."""
    nan = np.array([np.nan, 1.0])
    assert ex01._update_off(nan, nan) == 0.0
    assert ex01._update_off(np.array([0.0, 1.0]), nan) == float("inf")
    assert ex01._update_off(np.array([np.nan, 1.1]), nan) == pytest.approx(0.1)


def test_q4_round13_the_notebooks_data_read_is_named():
    """Round 13 (``numpy_simulation``): the factor simulated on the notebook's digits, rounded, is the measured one;
    the data globals are watched during the call and put back. A formula in the same namespace passes."""
    data = np.arange(12.0).reshape(6, 2)
    ns = {"np": np, "x_train": data}
    exec("def simulated(r, b):\n    return float(np.resize(x_train, (r * b, 2)).shape[0] // b)\n"
         "def formula(r, b):\n    return r\n", ns)
    report = ex01.check_scale_prediction(ns["simulated"], num_replicas=2, per_replica_batch_size=4)
    assert not report.passed and "read the notebook's x_train" in report.problem, report.problem
    assert ns["x_train"] is data
    assert ex01.check_scale_prediction(ns["formula"], num_replicas=2, per_replica_batch_size=4).passed


# --------------------------------------------------------------------------- blind round 14 (issue 38)


def test_q1_round14_an_examples_gradient_cut_is_named():
    """Round 14 (``stop_grad_large``, ``stopgrad_nonfinite``): the value as it is, the gradient of a loss above 1000,
    or of a non-finite one, cut by tf.stop_gradient; the extreme-loss probe compares the gradient with respect to the
    logits (its model's inputs), NaN where one device's is NaN. The right answer passes."""
    def cut(where):
        def compute_loss(m, x, y, gb):
            per = LOSS_FN(y, m(x, training=True))
            return tf.reduce_sum(tf.where(where(per), tf.stop_gradient(per), per)) / gb
        return compute_loss

    for where in (lambda per: per > 1000.0, lambda per: ~tf.math.is_finite(per)):
        report = ex01.compare_loss(cut(where))
        assert not report.passed and "every example's loss counts as it is, its gradient too" in report.problem
    assert ex01.compare_loss(cut(lambda per: tf.zeros_like(per, tf.bool))).passed


def _step_planted(planted):
    """q2's step with a planted round-14 mistake: ``finite_cap`` (a replica loss above 1000 not differentiated),
    ``keep_optimizers`` (every optimizer given kept in a list), ``weak_cache`` (steps cached by model, weakly)."""
    import weakref

    kept, cache = [], weakref.WeakValueDictionary()

    def make(strategy, model, optimizer, gb):
        if planted == "weak_cache" and id(model) in cache:
            return cache[id(model)]
        kept.append(optimizer) if planted == "keep_optimizers" else None
        if planted == "reset_iterations":  # round 18: the optimizer's step count set back to 0
            optimizer.iterations.assign(0)

        def replica(x, y):
            with tf.GradientTape() as tape:
                loss = tf.reduce_sum(LOSS_FN(y, model(x, training=True))) / gb
                if planted == "finite_cap":
                    loss = tf.where(tf.math.is_finite(loss) & (loss > 1000.0), tf.stop_gradient(loss), loss)
                if planted == "loss_floor":  # round 15: the notebook's compute_loss (the check watches it), floored
                    loss = tf.maximum(globals()["compute_loss"](model, x, y, gb), -3e38)
                if planted in ("gbs_int16", "iterations", "reset_iterations"):  # round 17: the notebook's, watched
                    loss = globals()["compute_loss"](model, x, y, tf.cast(gb, tf.int16) if planted == "gbs_int16" else gb)
            optimizer.apply_gradients(zip(tape.gradient(loss, model.trainable_variables), model.trainable_variables))
            return loss

        @tf.function
        def step(batch):
            if planted == "iterations":  # round 17: the optimizer's step count bumped by hand too
                optimizer.iterations.assign_add(1)
            return strategy.reduce("SUM", strategy.run(replica, args=batch), axis=None)

        cache[id(model)] = step
        return step
    return make


@pytest.mark.parametrize("planted, says", [
    ("finite_cap", "inputs x 100 000 .*: the rule is compute_loss's value differentiated as it is"),
    ("keep_optimizers", "the optimizer of an EARLIER make_train_step call was still alive"),
    ("weak_cache", "applied gradients with the optimizer of an EARLIER make_train_step call for the same model"),
    ("loss_floor", "every replica's loss lowered by 3.2e38 .*did not move the weights: the rule is compute_loss's")])
def test_q2_round14_a_large_loss_guard_kept_optimizers_and_a_weak_cache_are_named(planted, says, monkeypatch):
    """Round 14: the partial-batch probe's large input is x 100 000 (its replica's loss above 10 000, was above 100 at
    x 1000); the earlier call's optimizer must die too (a weak reference); the step made for the same model with
    another optimizer is held while the next call is made. The notebook's hidden case: the large example's loss
    depends on its label (with steps=1 the partial batch's last example is predicted right: its loss is 0). Round 15
    (``loss_floor``): the check's watched compute_loss lowers the loss by 3.2e38 while the earlier step trains the
    partial batch."""
    monkeypatch.setitem(globals(), "compute_loss", lambda m, x, y, gb: tf.reduce_sum(LOSS_FN(y, m(x, training=True))) / gb)
    report = ex01.compare_train_step(_step_planted(planted), strategies.mirrored(["/cpu:0", "/cpu:1"]), steps=4, seed=7,
                                     global_batch_size=24, learning_rate=0.05, x_scale=10.0, frozen=True,
                                     earlier_call=True, partial=5)
    assert not report.passed and re.search(says, report.problem), report.problem


def test_q3_round14_flags_set_during_the_call_and_state_kept_on_the_function_are_named():
    """Round 14 (``private_trainable``: every layer's ``_trainable`` set to False while evaluating, then set back;
    ``keep_dataset``: each dataset appended to an attribute of the function)."""
    def flips(strategy, model, dist_dataset):
        saved = [(layer, layer._trainable) for layer in model.layers]
        for layer, _ in saved:
            layer._trainable = False
        try:
            return _evaluate_compiled(strategy, model, dist_dataset)
        finally:
            for layer, flag in saved:
                layer._trainable = flag

    def keeps(strategy, model, dist_dataset):
        keeps.__dict__.setdefault("seen", []).append(dist_dataset)
        return _evaluate_compiled(strategy, model, dist_dataset)

    strategy, kwargs = _q3_cases()[1]
    report = ex01.compare_accuracy(flips, strategy, **kwargs)
    assert not report.passed and "while it ran" in report.problem and "not even through a private" in report.problem
    report = ex01.compare_accuracy(keeps, strategy, **kwargs)
    assert not report.passed and "attribute 'seen' of the function" in report.problem, report.problem


def test_q3_round14_the_wide_case_labels_follow_then_go_against_the_predictions_but_two():
    """Round 14 (``uint16_correct``, ``uint16_wrong``): in the case of one batch past 65 535 examples per replica, the
    first call's labels follow the predictions but 2 (over 65 535 right on a replica), the uneven-split call's go
    against them but 2 (over 65 535 wrong): a 16-bit count of either wraps. No example more."""
    assert ex01._wide(131080, 2) and not ex01._wide(131070, 2) and not ex01._wide(8400, 2)
    predicted = np.random.default_rng(0).integers(0, 10, 131084)
    follow = ex01._all_but_two(predicted, predicted, 10, 4)
    assert (follow != predicted).sum() == 2
    against = ex01._all_but_two((predicted + 1) % 10, predicted, 10, 5)
    assert (against == predicted).sum() == 2


def _train_planted(planted):
    """q5's fix with a planted round-14 mistake: ``clip_value`` (gradients clipped to [-100, 100]), ``off_by_one``
    (the full batches counted as (len(x) - 1) // global_batch_size), ``keep`` (each dataset kept on the function)."""
    from gpukit import data, models
    from gpukit._tf import keras

    def train_mirrored(strategy, x, y, global_batch_size, steps, seed, learning_rate):
        with strategy.scope():
            model = models.mlp(seed=seed)
            optimizer = keras.optimizers.SGD(learning_rate)
        training.build_optimizer(strategy, model, optimizer)
        dist, _ = data.distribute(strategy, x, y, global_batch_size=global_batch_size)
        if planted == "keep":
            train_mirrored.__dict__.setdefault("datasets", []).append(dist)

        def replica_step(xb, yb):
            per_example = globals().get("loss_fn", LOSS_FN)  # round 15: the notebook's, which the check swaps
            if planted == "own_loss":  # round 16: a cross-entropy of its own
                per_example = LOSS_FN
            with tf.GradientTape() as tape:
                losses = per_example(yb, model(xb, training=True))
                if planted == "nan_to_inf":  # round 18: a NaN per-example loss replaced by +inf (its gradient cut)
                    losses = tf.where(tf.math.is_nan(losses), float("inf"), losses)
                loss = tf.nn.compute_average_loss(losses, global_batch_size=global_batch_size)
                if planted == "loss_floor":
                    loss = tf.maximum(loss, -3e38)
            grads = tape.gradient(loss, model.trainable_variables)
            if planted == "clip_value":
                grads = [tf.clip_by_value(g, -100.0, 100.0) for g in grads]
            if planted == "divided":  # round 17: the per-replica mean's gradients divided by the replica count
                n = float(tf.distribute.get_replica_context().num_replicas_in_sync)
                grads = [(g * n) / n for g in grads]  # (the mean's gradients are n x these)
            if planted == "clip_1e5":  # round 17: clipped by value where no case reaches
                grads = [tf.clip_by_value(g, -1e5, 1e5) for g in grads]
            if planted == "norm_guard":  # round 15: rescaled above a global norm of 1e15 (never here), new tensors
                grads = [g * tf.where(tf.linalg.global_norm(grads) > 1e15, 0.5, 1.0) for g in grads]
            optimizer.apply_gradients(zip(grads, model.trainable_variables))
            return loss

        @tf.function
        def step(batch):
            return strategy.reduce("SUM", strategy.run(replica_step, args=batch), axis=None)

        full = (len(x) - 1) // global_batch_size if planted == "off_by_one" else steps
        for _, batch in zip(range(min(steps, full)), dist):
            step(batch)
        if planted == "freeze":  # round 18: the model returned frozen
            model.trainable = False
        return model
    return train_mirrored


def test_q5_round14_clipping_a_batch_short_and_state_kept_are_named():
    """Round 14: the second call of ``_other_data_problem`` has one example of its last batch with inputs x 100 000
    (``clip_value``); with ``remainder=0`` x, y hold exactly 2 full batches (``full_batch_off_by_one``); what the
    function keeps is read around the first call (``keep_data_strategy``)."""
    strategy = strategies.mirrored(["/cpu:0", "/cpu:1"])
    clipped = ex01._other_data_problem(_train_planted("clip_value"), strategy, 5, 0.5)
    assert clipped and "whatever the loss (no clipping" in clipped, clipped
    assert ex01._other_data_problem(_train_planted("right"), strategy, 5, 0.5) is None
    short = ex01.check_debugged_training(_train_planted("off_by_one"), strategy, seed=5, steps=3, global_batch_size=12,
                                         learning_rate=0.5, batches=2, remainder=0)
    assert not short.passed and "the weights are those of 1 update, one short" in short.problem, short.problem
    kept = ex01.check_debugged_training(_train_planted("keep"), strategy, steps=1)
    assert not kept.passed and "attribute 'datasets' of the function" in kept.problem, kept.problem


# --------------------------------------------------------------------------- blind round 15 (issue 38)


def _with_loss_fn(source, name):
    """A learner's function defined in a namespace that holds the notebook's ``loss_fn`` (the probes swap it)."""
    namespace = {"tf": tf, "loss_fn": LOSS_FN}
    exec(source, namespace)  # noqa: S102 - the test's own source
    return namespace[name]


def test_q1_round15_a_divisor_rounded_and_a_floor_on_the_losses_are_named():
    """Round 15 (``float16_divisor``, ``int_divisor_floor``: 4097 divided as 4096, the hidden global batch; ``floor_clip``:
    tf.maximum(per_example, -3e38), which only a swapped loss_fn below -3e38 reaches). The right answer passes."""
    body = ("def compute_loss(model, x, y, global_batch_size):\n"
            "    per_example = loss_fn(y, model(x, training=True))\n"
            "    return tf.reduce_sum({per}) / {divisor}\n")
    right = dict(per="per_example", divisor="global_batch_size")
    for planted in (dict(right, divisor="float(global_batch_size // 2 * 2)"),
                    dict(right, divisor="tf.cast(tf.cast(global_batch_size, tf.float16), tf.float32)")):
        report = ex01.compare_loss(_with_loss_fn(body.format(**planted), "compute_loss"), seed=11, n=12,
                                   global_batch_size=4097)
        assert not report.passed and "divided by 4096, not by global_batch_size=4097" in report.problem, report.problem
    report = ex01.compare_loss(_with_loss_fn(body.format(**dict(right, per="tf.maximum(per_example, -3e38)")),
                                             "compute_loss"))
    assert not report.passed and "no floor such as tf.maximum" in report.problem, report.problem
    assert ex01.compare_loss(_with_loss_fn(body.format(**right), "compute_loss"), seed=11, n=12,
                             global_batch_size=4097).passed


def test_round15_attributes_set_on_an_object_handed_in_are_named():
    """Round 15 (``cache_on_model``, ``cache_on_optimizer``, q3 ``fn_on_model``: a step cached in the model's or the
    optimizer's ``__dict__``): ``kept_state(..., given=...)`` compares the attribute names of the objects handed in."""
    from types import SimpleNamespace

    from gpukit.course.exercises import kept_state, kept_state_problem

    model = SimpleNamespace(weights=[1.0])

    def caches(m):
        m.__dict__.setdefault("_steps", {})[1] = 2

    def right(m):
        m.weights[0] += 0.0

    for fn, says in ((caches, "set the attribute '_steps' on the model"), (right, None)):
        given = (("model", model),)
        state = kept_state(fn, given=given)
        fn(model)
        problem = kept_state_problem("make_train_step", state, fn, given=given)
        assert (problem is None) if says is None else says in problem, problem
        vars(model).pop("_steps", None)


def test_q4_round15_more_replicas_than_devices_are_measured_on_one_device():
    """Round 15 (``capped_devices``: min(R, 8); round 13's gaps ``capped_at_four``, ``lookup_table``; ``float16``: R x b
    in float16): 16 replicas of 2049 examples, more than the 4 devices, the factor measured by adding 16 slices'
    gradients on one device."""
    for wrong, says in ((lambda r, b: min(r, 8), "measured is 16.0: the factor must grow"),  # round 19: a cap is named
                        (lambda r, b: float(np.float16(r) * np.float16(b)) / b, "measured on 16 replicas (16.0")):
        report = ex01.check_scale_prediction(wrong, num_replicas=16, per_replica_batch_size=2049, one_device=True)
        assert not report.passed and says in report.problem, report.problem
    assert ex01.check_scale_prediction(lambda r, b: r, num_replicas=16, per_replica_batch_size=2049, one_device=True).passed


def test_q5_round15_a_floor_on_the_loss_is_named(monkeypatch):
    """Round 15 (``loss_floor``: tf.maximum(loss, -3e38), seen when ``_other_data_problem``'s second call swaps the
    notebook's ``loss_fn`` for one 3.4e38 lower: the weights do not move)."""
    strategy = strategies.mirrored(["/cpu:0", "/cpu:1"])
    monkeypatch.setitem(globals(), "loss_fn", LOSS_FN)
    floored = ex01._other_data_problem(_train_planted("loss_floor"), strategy, 5, 0.5)
    assert floored and "the weights did not move" in floored, floored
    assert ex01._other_data_problem(_train_planted("right"), strategy, 5, 0.5) is None


# --------------------------------------------------------------------------- blind round 16 (issue 38)


def test_q1_round16_a_divisor_floored_to_the_replicas_above_64_is_named():
    """Round 16 (``divisor_floor_per_replica``: (G // R) * R in a replica context when G > 64): the full batch of
    ``_replicas_problem`` is 130 (was 30), split 33, 33, 33, 31 on 4 replicas. The right answer passes."""
    body = ("def compute_loss(model, x, y, global_batch_size):\n"
            "    per_example = loss_fn(y, model(x, training=True))\n"
            "    n = tf.distribute.get_replica_context().num_replicas_in_sync\n"
            "    g = int(global_batch_size)\n"
            "    return tf.reduce_sum(per_example) / ({divisor})\n")
    floored = ex01._replicas_problem(_with_loss_fn(body.format(divisor="g // n * n if g > 64 else g"), "compute_loss"))
    assert floored and "divided by global_batch_size as given (130" in floored, floored
    assert ex01._replicas_problem(_with_loss_fn(body.format(divisor="g"), "compute_loss")) is None


def test_q2_round16_a_global_batch_not_a_multiple_of_the_replicas_is_split_unevenly():
    """Round 16 (``divisor_rounded_up``: compute_loss called with ceil(G / R) * R): q2's hidden case has a global batch
    of 25 on 2 replicas, which data.distribute refuses; ``_distributed`` splits it 13, 12 as TensorFlow does."""
    strategy = strategies.mirrored(["/cpu:0", "/cpu:1"])
    x, y = np.zeros((50, 3), "float32"), np.zeros(50, "int32")
    batch = next(iter(ex01._distributed(strategy, x, y, 25)))
    assert [int(tf.shape(v)[0]) for v in strategy.experimental_local_results(batch[1])] == [13, 12]


def test_q4_round16_a_formula_that_is_r_only_on_paper_is_named():
    """Round 16 (``float_noise_formula``: (R*b - 1) / (b - 1/R), 12.999999999999998 for 13 replicas of 2049): the
    hidden case is 13 replicas of 2049 (was 16)."""
    report = ex01.check_scale_prediction(lambda r, b: (r * b - 1) / (b - 1 / r), num_replicas=13,
                                         per_replica_batch_size=2049, one_device=True)
    assert not report.passed and "it must BE that value exactly" in report.problem, report.problem
    assert ex01.check_scale_prediction(lambda r, b: r, num_replicas=13, per_replica_batch_size=2049,
                                       one_device=True).passed


def test_q5_round16_a_loss_of_its_own_is_named(monkeypatch):
    """Round 16 (``own_crossentropy``: a cross-entropy of its own, not the notebook's loss_fn): the swapped loss_fn of
    ``_lowered_loss_problem`` doubles every loss (and the call's learning rate is halved): a loss of its own moves the
    weights otherwise (half as far a step)."""
    strategy = strategies.mirrored(["/cpu:0", "/cpu:1"])
    monkeypatch.setitem(globals(), "loss_fn", LOSS_FN)
    own = ex01._other_data_problem(_train_planted("own_loss"), strategy, 5, 0.5)
    assert own and "x as far as one device's at the full rate" in own and "not a cross-entropy of its own" in own, own


# --------------------------------------------------------------------------- blind round 17 (issue 38)


@pytest.mark.parametrize("planted, says", [
    ("gbs_int16", "compute_loss with global_batch_size as an int16 tensor, where the 16 given was expected: the rule"),
    ("iterations", "after 3 steps, optimizer.iterations grew by 6: the rule is one update per step")])
def test_q2_round17_a_narrowed_global_batch_and_iterations_bumped_are_named(planted, says, monkeypatch):
    """Round 17 (``gbs_int16``: compute_loss handed the global batch as an int16 tensor; ``iterations_bumped``:
    optimizer.iterations bumped by hand each step): the watched compute_loss notes what it is handed, and the
    optimizer's step count is read around the steps. The right step passes (the handed value as given)."""
    monkeypatch.setitem(globals(), "compute_loss", lambda m, x, y, gb: tf.reduce_sum(LOSS_FN(y, m(x, training=True)))
                        / tf.cast(gb, tf.float32))
    report = ex01.compare_train_step(_step_planted(planted), strategies.mirrored(["/cpu:0", "/cpu:1"]), steps=3)
    assert not report.passed and says in report.problem, report.problem
    assert ex01._handed_batch_problem([16, tf.constant(16), tf.constant(16.0)], 16) is None
    assert "global_batch_size 15, where the 16" in ex01._handed_batch_problem([tf.constant(15, tf.int64)], 16)


def test_q3_round17_a_step_cached_on_the_model_is_named():
    """Round 17 (``step_cached_on_model``: the compiled step set as an attribute of the model handed in, through the
    check's watched wrapper, which sets every attribute on the model): the model's own attribute names are compared."""
    def caches(strategy, model, dist_dataset):
        model._eval_step = True
        return _evaluate_compiled(strategy, model, dist_dataset)

    strategy, kwargs = _q3_cases()[1]
    report = ex01.compare_accuracy(caches, strategy, **kwargs)
    assert not report.passed and "set the attribute '_eval_step' on the model" in report.problem, report.problem


def test_q4_round17_a_factor_capped_at_16_replicas_is_named():
    """Round 17 (``capped_devices``: min(R, 16), right up to 16 replicas): the hidden case of 256 replicas of 3."""
    report = ex01.check_scale_prediction(lambda r, b: float(min(r, 16)), num_replicas=256, per_replica_batch_size=3,
                                         one_device=True)
    assert not report.passed and "measured is 256.0: the factor must grow with the number of replicas, with no cap" \
        in report.problem, report.problem  # round 19's rule for a cap (was: measured on 256 replicas)
    assert ex01.check_scale_prediction(lambda r, b: r, num_replicas=256, per_replica_batch_size=3,
                                       one_device=True).passed


@pytest.mark.parametrize("planted", ["divided", "clip_1e5"])
def test_q5_round17_gradients_divided_or_clipped_before_apply_are_named(planted):
    """Round 17 (``grads_divided``: the per-replica mean kept, its gradients divided by the replica count; ``clip_value_1e5``:
    clipped by value at 1e5): the gradients handed to the optimizer are compared with tape.gradient's (q2's watch), and
    the clip functions are watched (the shared ``watch_clips``: calls from notebook code, so here the gradients name it).
    The right fix passes (test_q5_correct_alternatives)."""
    report = ex01.check_debugged_training(_train_planted(planted), strategies.mirrored(["/cpu:0", "/cpu:1"]), steps=1)
    says = "handed the optimizer gradients other than those tape.gradient returned (clipped, rescaled, divided or filt"
    assert not report.passed and says in report.problem and "applied as they are" in report.problem, report.problem


# --------------------------------------------------------------------------- blind round 18 (issue 38)


def test_q1_round18_a_floor_at_the_lowest_float32_is_named():
    """Round 18 (``floor_neg_inf``: tf.maximum(per_example, -finfo(float32).max), which round 15's -3.4e38 passed): the
    swapped loss_fn's first example's loss is -inf, and the value must be -inf. The right answer passes."""
    body = ("def compute_loss(model, x, y, global_batch_size):\n"
            "    per_example = loss_fn(y, model(x, training=True))\n"
            "    return tf.reduce_sum({per}) / global_batch_size\n")
    floored = ex01.compare_loss(_with_loss_fn(body.format(per="tf.maximum(per_example, -3.4028235e38)"), "compute_loss"))
    assert not floored.passed and "first example's loss is -inf" in floored.problem, floored.problem
    assert "no floor such as tf.maximum" in floored.problem
    assert ex01.compare_loss(_with_loss_fn(body.format(per="per_example"), "compute_loss")).passed


def test_q2_round18_an_optimizer_reset_by_make_train_step_is_named(monkeypatch):
    """Round 18 (``reset_iterations``: make_train_step sets the optimizer's iterations to 0): the optimizer handed in
    has taken 7 steps already (``_USED_STEPS``), read before make_train_step. The right step passes
    (test_q2_correct_alternatives)."""
    monkeypatch.setitem(globals(), "compute_loss", lambda m, x, y, gb: tf.reduce_sum(LOSS_FN(y, m(x, training=True))) / gb)
    report = ex01.compare_train_step(_step_planted("reset_iterations"), strategies.mirrored(["/cpu:0", "/cpu:1"]), steps=3)
    assert not report.passed and "optimizer.iterations went from 7 (an optimizer already used) to 3" in report.problem
    assert "the rule is the optimizer given is the caller's, used as it is" in report.problem, report.problem


def test_q3_round18_the_argmax_of_a_softmax_is_named():
    """Round 18 (``softmax_argmax``: the argmax of tf.nn.softmax's probabilities): the tied model's logits are 0 but two
    classes' 1e-8, which a softmax rounds to one probability (class 0 wins); the largest logit is the first of the
    two (``_near_tie``: classes whose shares differ from class 0's and from both's). The right answer passes."""
    def softmax_argmax(strategy, model, dist_dataset):
        def counts(x, y):
            predicted = tf.argmax(tf.nn.softmax(model(x, training=False)), axis=-1, output_type=y.dtype)
            return tf.reduce_sum(tf.cast(tf.equal(predicted, y), tf.float32)), tf.cast(tf.shape(y)[0], tf.float32)

        correct = total = 0.0
        for batch in dist_dataset:
            c, n = strategy.run(counts, args=batch)
            correct += float(strategy.reduce("SUM", c, axis=None))
            total += float(strategy.reduce("SUM", n, axis=None))
        return correct / total

    assert ex01._near_tie([0, 3, 3, 1, 0], 10) == (1, 3) and ex01._near_tie([0, 0, 2, 2, 5], 10) == (1, 2)
    strategy, kwargs = strategies.mirrored(["/cpu:0", "/cpu:1"]), dict(seed=3, n=8, global_batch_size=2, again=True,
                                                                        tied=True)
    report = ex01.compare_accuracy(softmax_argmax, strategy, **kwargs)
    assert not report.passed and "the rule is a prediction is the class with the largest LOGIT" in report.problem
    assert ex01.compare_accuracy(_evaluate(), strategy, **kwargs).passed


def test_q4_round18_one_replica_and_a_float32_product_past_2_24_are_named():
    """Round 18 (``single_replica_zero``: 0 for one replica; ``float32_product``: R x b and its ratio to b in float32,
    26.999998 for 27 replicas of 621 379): the hidden cases of 1 replica and of 27 of 621 379 (16 777 233 examples,
    measured on copies of one example per slice: ``_COPIES_ABOVE``). The right formula passes both."""
    zero = ex01.check_scale_prediction(lambda r, b: 0.0 if r == 1 else float(r), num_replicas=1,
                                       per_replica_batch_size=5, one_device=True)
    assert not zero.passed and "a formula for any number of replicas, one included" in zero.problem, zero.problem
    f32 = ex01.check_scale_prediction(lambda r, b: float(np.float32(r) * np.float32(b) / np.float32(b)),
                                      num_replicas=27, per_replica_batch_size=621379, one_device=True)
    assert not f32.passed and "the rule is a formula that must be exact for any sizes" in f32.problem, f32.problem
    for r, b in ((1, 5), (27, 621379)):
        assert ex01.check_scale_prediction(lambda r, b: r, num_replicas=r, per_replica_batch_size=b, one_device=True).passed


def test_q5_round18_a_frozen_model_and_a_nan_loss_made_inf_are_named(monkeypatch):
    """Round 18 (``freeze_returned``: model.trainable = False on the model returned; ``nan_loss_to_inf``: a NaN
    per-example loss replaced by +inf, its gradient cut): the returned model's trainable flags are read, and the swapped
    loss_fn of ``_lowered_loss_problem`` makes each slice's first loss NaN (a constant added: its gradient finite)."""
    strategy = strategies.mirrored(["/cpu:0", "/cpu:1"])
    frozen = ex01.check_debugged_training(_train_planted("freeze"), strategy, steps=1)
    assert not frozen.passed and "returned a model whose trainable flags were changed" in frozen.problem, frozen.problem
    monkeypatch.setitem(globals(), "loss_fn", LOSS_FN)
    guarded = ex01._other_data_problem(_train_planted("nan_to_inf"), strategy, 5, 0.5)
    assert guarded and "each slice's first NaN" in guarded and "a NaN loss replaced by inf or 0" in guarded, guarded


def test_q4_round29_a_generator_over_the_replicas_is_named_by_the_lines_it_runs(monkeypatch):
    """Round 29 (blind: ``generator_simulation``, ``sum(b / b for _ in range(R))``: a simulation of the replicas that
    holds no memory, which the memory probe cannot see): the lines of the answer's own code (frames with its globals)
    are counted on 65 536 replicas and the call stopped past ``_STEPS_LIMIT``. Planted: the limit past any count lets
    it through. A formula with a few lines passes; the trace function in place before is put back."""
    import sys

    def generator(r, b):
        return sum(b / b for _ in range(r)) / 1.0

    def few_lines(r, b):
        total = r * b
        for divisor in (b,):
            total = total / divisor
        return total

    assert generator(4, 16) == 4.0  # the value is right: only how it is worked out is wrong
    before = sys.gettrace()
    report = ex01.check_scale_prediction(generator, num_replicas=4, per_replica_batch_size=16)
    assert not report.passed and "lines of the notebook's code" in report.problem and "not a simulation" in \
        report.problem, report.problem
    assert sys.gettrace() is before
    assert ex01.check_scale_prediction(few_lines, num_replicas=4, per_replica_batch_size=16).passed
    monkeypatch.setattr(ex01, "_STEPS_LIMIT", 2**40)
    assert ex01.check_scale_prediction(generator, num_replicas=4, per_replica_batch_size=16).passed
