"""Exercise 03's checks (gpukit.course.exercises.ex03): the solution passes, the stub is "not solved
yet", and each classic wrong answer gets a problem that names its symptom."""

from __future__ import annotations

import re

import pytest

from gpukit._tf import tf
from gpukit.course.exercises import ex03


def _plan(capacities, global_batch_size):  # largest remainder, at least one example each
    ideal = [c / sum(capacities) * global_batch_size for c in capacities]
    sizes = [int(q) for q in ideal]
    for r in sorted(range(len(ideal)), key=lambda r: ideal[r] - sizes[r], reverse=True)[:global_batch_size - sum(sizes)]:
        sizes[r] += 1
    return sizes


@pytest.mark.parametrize("capacities, answer, match", [
    ([2, 1, 1], _plan, None),
    ([5, 1, 1, 1], _plan, None),
    ([2, 1, 1], lambda c, g: None, "not solved yet: plan_batches returns None"),
    ([1, 1, 1], lambda c, g: [int(x / sum(c) * g) for x in c], r"sums to 63, not 64: hand out the rounding remainder"),
    ([3, 1], lambda c, g: [g // len(c)] * len(c), r"\[32, 32\] for ideal shares \[48.0, 16.0\]: replica 0 is not"),
    ([2, 1, 1], lambda c, g: [g], r"1 sizes for 3 capacities"),
    ([2, 1, 1], lambda c, g: "lots", r"return a list of ints"),
])
def test_compare_plan(capacities, answer, match):
    report = ex03.compare_plan(answer, capacities, 64)
    if match is None:
        assert report.passed, report.problem
    else:
        assert not report.passed and report.name == "plan_batches"
        assert re.search(match, report.problem), report.problem


def test_compare_replica_loss_names_the_planted_bug_and_not_the_fix():
    right = ex03.compare_replica_loss(lambda losses, gb: tf.reduce_sum(losses) / gb, [2, 1, 1], 32)
    assert right.passed, right.problem
    assert right.details["scale"] == pytest.approx(1.0, rel=1e-5)
    # the colleague's loss of the notebook (question 2, debug): exact with even batches only
    colleague = lambda losses, gb: tf.nn.compute_average_loss(losses)  # noqa: E731
    assert ex03.compare_replica_loss(colleague, [1, 1, 1], 33).passed  # even batches hide the bug
    planted = ex03.compare_replica_loss(colleague, [2, 1, 1], 32)
    assert not planted.passed and planted.details["bug"] == "1 / (R x its own batch size)"
    assert "still wrong with uneven batches [16, 8, 8]" in planted.problem
    assert "examples of a small replica count more" in planted.problem
    mean = ex03.compare_replica_loss(lambda losses, gb: tf.reduce_mean(losses), [2, 1, 1], 32)
    assert not mean.passed and mean.details["bug"] == "1 / (its own batch size)"
    for report in (planted, mean):  # the symptom, never the fix
        assert "global" not in report.problem.lower() and "reduce_sum" not in report.problem
    other = ex03.compare_replica_loss(lambda losses, gb: tf.reduce_sum(losses) / (2 * gb), [2, 1, 1], 32)
    assert not other.passed and "gradients differ from one device" in other.problem and "about 0.5 x" in other.problem
    per_example = ex03.compare_replica_loss(lambda losses, gb: losses / gb, [2, 1, 1], 32)
    assert "scalar" in per_example.problem
    assert ex03.compare_replica_loss(lambda *a: None, [2, 1, 1], 32).problem.startswith("not solved yet")


def _by_hand(num_parameters, activations_per_example, device_mib, headroom):
    """Independent arithmetic: Adam float32 keeps weights + gradients + 2 slots = 16 bytes per weight."""
    usable = device_mib * 2**20 * (1 - headroom)
    return int((usable - 16 * num_parameters) // (4 * activations_per_example))


@pytest.mark.parametrize("params", [{}, {"num_parameters": 250_000, "activations_per_example": 3_000,
                                         "device_mib": 24, "headroom": 0.2}])
def test_max_batch_prediction_right_answer_passes(params):
    p = {**ex03.PREDICTION, **params}
    expected = _by_hand(p["num_parameters"], p["activations_per_example"], p["device_mib"], p["headroom"])
    report = ex03.check_max_batch_prediction(expected, **params)
    assert report.passed and report.details["expected"] == expected
    assert ex03.check_max_batch_prediction(float(expected), **params).passed


@pytest.mark.parametrize("value, match", [
    (..., "not solved yet: predicted_max_batch is ..."),
    ("554", "must be one number"),
    (True, "must be one number"),
    (654, "optimizer's slots are missing"),                     # weights + gradients only
    (704, "counts the weights only"),
    (604, "gradients are missing"),
    (638, "headroom is not taken off"),
    (520, r"MiB is 2\*\*20 bytes"),
    (2219, "counted as bytes"),
    (555, "rounded up"),
    (554.5, "not a batch size"),
    (300, "too small"),
    (900, "too large"),
])
def test_max_batch_prediction_planted_mistakes(value, match):
    assert _by_hand(1_000_000, 20_000, 64, 0.1) == 554
    report = ex03.check_max_batch_prediction(value)
    assert not report.passed and report.name == "predicted_max_batch"
    assert re.search(match, report.problem), report.problem
    assert "554" not in report.problem.replace(str(value), "")  # never gives the answer away


def test_compare_sample_weights():
    right = ex03.compare_sample_weights(lambda sizes: [len(sizes) * n / sum(sizes) for n in sizes], [32, 16, 16])
    assert right.passed, right.problem
    for wrong in (lambda sizes: [1.0] * len(sizes),                          # fit's default
                  lambda sizes: [n / sum(sizes) for n in sizes],               # R forgotten
                  lambda sizes: [sum(sizes) / (len(sizes) * n) for n in sizes]):  # upside down
        report = ex03.compare_sample_weights(wrong, [32, 16, 16])
        assert not report.passed and "fit's loss would be" in report.problem
        assert "does not weigh 1 / G" in report.problem
    assert "return 3 weights" in ex03.compare_sample_weights(lambda sizes: [1.0], [32, 16, 16]).problem
    assert ex03.compare_sample_weights(lambda sizes: None, [32, 16, 16]).problem.startswith("not solved yet")


def test_hints_cover_every_question():
    assert set(ex03.HINTS) == {"q1", "q2", "q3", "q4"}
    assert all(len(h) >= 2 for h in ex03.HINTS.values())
