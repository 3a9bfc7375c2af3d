"""Exercise 01's checks (gpukit.exercises.ex01): the solution passes, the stub is "not solved
yet", and each classic wrong answer gets a problem that names its symptom."""

from __future__ import annotations

import pytest

from gpukit import strategies, training
from gpukit._tf import tf
from gpukit.exercises import ex01, require

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
