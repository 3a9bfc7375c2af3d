"""Exercise 01's checks (gpukit.course.exercises.ex01): the solution passes, the stub is "not solved
yet", and each classic wrong answer gets a problem that names its symptom."""

from __future__ import annotations

import pytest

from gpukit import strategies, training
from gpukit._tf import tf
from gpukit.course.exercises import ex01, require

LOSS_FN = training.per_example_loss()


def test_compare_loss_catches_the_per_replica_mean():
    right = ex01.compare_loss(lambda m, x, y, gb: tf.reduce_sum(LOSS_FN(y, m(x))) / gb)
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
    assert "evaluate gave accuracy None" in not_a_number.problem


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
    assert not report.passed and "returned loss differs from the single-device loss" in report.problem


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
    assert bug.details["update_ratio"] == pytest.approx(strategy.num_replicas_in_sync, rel=0.05)


def test_check_debugged_training_other_mistakes_and_stub():
    strategy = strategies.mirrored(["/cpu:0", "/cpu:1"])
    other = ex01.check_debugged_training(_train(learning_rate_factor=3.0), strategy, steps=1)
    assert not other.passed and "plain SGD steps of the given learning rate" in other.problem
    assert ex01.check_debugged_training(_train(answer=False), strategy).problem.startswith("not solved yet")
    not_a_model = ex01.check_debugged_training(lambda *a: [1, 2], strategy, steps=1)
    assert "must return the trained Keras model, not list" in not_a_model.problem


def test_hints_cover_every_question_of_exercise_01():
    assert set(ex01.HINTS) == {"q1", "q2", "q3", "q4", "q5"}
    assert all(len(items) >= 2 for items in ex01.HINTS.values())
