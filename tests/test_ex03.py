"""Exercise 03's checks (gpukit.exercises.ex03): the solution passes, the stub is "not solved
yet", and each classic wrong answer gets a problem that names its symptom."""

from __future__ import annotations

import re

import pytest

from gpukit._tf import tf
from gpukit.exercises import ex03


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


def test_compare_replica_loss_measures_the_per_replica_mean():
    right = ex03.compare_replica_loss(lambda losses, gb: tf.reduce_sum(losses) / gb, [2, 1, 1], 32)
    assert right.passed, right.problem
    assert right.details["scale"] == pytest.approx(1.0, rel=1e-5)
    mean = ex03.compare_replica_loss(lambda losses, gb: tf.reduce_mean(losses), [2, 1, 1], 32)
    assert not mean.passed and "GLOBAL batch" in mean.problem and "gradients differ from one device" in mean.problem
    per_example = ex03.compare_replica_loss(lambda losses, gb: losses / gb, [2, 1, 1], 32)
    assert "scalar" in per_example.problem
    assert ex03.compare_replica_loss(lambda *a: None, [2, 1, 1], 32).problem.startswith("not solved yet")


def test_compare_sample_weights():
    right = ex03.compare_sample_weights(lambda sizes: [len(sizes) * n / sum(sizes) for n in sizes], [32, 16, 16])
    assert right.passed, right.problem
    ones = ex03.compare_sample_weights(lambda sizes: [1.0] * len(sizes), [32, 16, 16])
    assert not ones.passed and "fit's loss would be" in ones.problem and "R * n_r / G" in ones.problem
    assert "return 3 weights" in ex03.compare_sample_weights(lambda sizes: [1.0], [32, 16, 16]).problem
    assert ex03.compare_sample_weights(lambda sizes: None, [32, 16, 16]).problem.startswith("not solved yet")
