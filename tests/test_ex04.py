"""Exercise 04's checks (gpukit.exercises.ex04): the solution passes, the stub is "not solved
yet", and each classic wrong answer gets a problem that names its symptom."""

from __future__ import annotations

import re

import pytest

from gpukit import accumulation, strategies, tf, training
from gpukit.exercises import ex04


def _mirrored(num_replicas):
    return strategies.mirrored([f"/cpu:{i}" for i in range(num_replicas)])


def _learner(divide_by_micro_batch=False, apply_every_micro_batch=False, answer=True):
    """A learner's make_accumulating_step, right or with one of the two classic mistakes."""
    def make(strategy, model, optimizer, global_batch_size, accum_steps):
        if not answer:
            return None
        divisor = global_batch_size // accum_steps if divide_by_micro_batch else global_batch_size
        loss_fn = training.per_example_loss()
        with strategy.scope():
            sums = [tf.Variable(tf.zeros_like(v), trainable=False, synchronization=tf.VariableSynchronization.ON_READ,
                                aggregation=tf.VariableAggregation.SUM) for v in model.trainable_variables]

        def accumulate(x, y):
            with tf.GradientTape() as tape:
                loss = tf.nn.compute_average_loss(loss_fn(y, model(x, training=True)), global_batch_size=divisor)
            for s, g in zip(sums, tape.gradient(loss, model.trainable_variables)):
                s.assign_add(g)
            return loss

        def apply():
            optimizer.apply_gradients(zip([s.read_value() for s in sums], model.trainable_variables))
            for s in sums:
                s.assign(tf.zeros_like(s))

        accumulate_step = tf.function(lambda b: strategy.run(accumulate, args=b))
        apply_step = tf.function(lambda: strategy.run(apply))
        calls = [0]

        def micro_step(batch):
            loss = accumulate_step(batch)
            calls[0] += 1
            if apply_every_micro_batch or calls[0] % accum_steps == 0:
                apply_step()
            return loss

        return micro_step

    return make


@pytest.mark.parametrize("kwargs, match", [
    ({}, None),
    ({"answer": False}, "not solved yet"),
    ({"divide_by_micro_batch": True}, r"your updates are 1\.9\d x the right size.*global_batch_size"),
    ({"apply_every_micro_batch": True}, "stepped 6 times for 3 updates"),
])
def test_exercise_check_of_the_accumulating_step(kwargs, match):
    report = ex04.compare_accumulation(_learner(**kwargs), _mirrored(2), global_batch_size=16, accum_steps=2)
    if match is None:
        assert report.passed and report.details["weights_diff"] <= 1e-5
    else:
        assert not report.passed
        assert re.search(match, report.problem), report.problem


def test_exercise_check_of_choose_accum_steps():
    def ceiling(gb, r, most):  # the tempting shortcut: 64 / (4 x 6) -> 3, but 64 is not a multiple of 12
        return -(-gb // (r * most))

    cases = [(64, 4, 6), (256, 4, 24), (30, 4, 8)]
    assert accumulation.smallest_accum_steps(64, 4, 6) == 4
    assert ex04.compare_accum_steps(accumulation.smallest_accum_steps, cases).passed
    assert "expected 4" in ex04.compare_accum_steps(ceiling, cases).problem
    assert "not solved yet" in ex04.compare_accum_steps(lambda *a: None, cases).problem
    never_raises = ex04.compare_accum_steps(lambda gb, r, m: 1, [(30, 4, 8)])
    assert "raise ValueError" in never_raises.problem
    with pytest.raises(ValueError, match="cannot be split over num_replicas=4"):
        accumulation.smallest_accum_steps(30, 4, 8)
