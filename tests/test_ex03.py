"""Exercise 03's checks (gpukit.course.exercises.ex03): the solution passes, the stub is "not solved
yet", and each classic wrong answer gets a problem that names its symptom."""

from __future__ import annotations

import re

import numpy as np
import pytest

import blind

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
    (654, "two 4-byte values per weight short"),                   # weights + gradients only
    (704, "counts the weights only"),
    (604, "the gradients or one of Adam's two slots"),
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


# --------------------------------------------------------------------------- issue 28's audit: the way a student works
# Correct alternatives pass the public and the hidden cases of the solution's test cells (and boundaries);
# classic wrong answers and contract-breaking ones fail with a sentence that names the mistake.

Q1_CASES = [([2, 1, 1], 64),                                                                  # public
            ([3, 1], 10), ([24, 12, 12], 50), ([5, 3, 2, 7], 101), ([1, 1, 1, 100], 10), ([0.5, 0.25], 3),  # hidden
            ([5], 7), ([5, 1, 1, 1], 4), ([1, 1, 1, 1], 8), ([2, 1, 1], 10)]  # one replica; one each; equal; whole


def _solution_plan(capacities, global_batch_size):
    """The solution: largest remainders, then a replica rounded to 0 borrows one from the largest."""
    sizes = _plan(capacities, global_batch_size)
    for r in range(len(sizes)):
        if sizes[r] == 0:
            sizes[sizes.index(max(sizes))] -= 1
            sizes[r] = 1
    return sizes


def _cumulative_plan(capacities, global_batch_size):
    """Another formula: round the cumulative shares, take differences (each lands on floor or ceil)."""
    total, running, bounds = sum(capacities), 0, [0]
    for c in capacities:
        running += c
        bounds.append(round(global_batch_size * running / total))
    sizes = [b - a for a, b in zip(bounds, bounds[1:])]
    for r in range(len(sizes)):
        while sizes[r] < 1:
            sizes[sizes.index(max(sizes))] -= 1
            sizes[r] += 1
    return sizes


def _numpy_plan(capacities, global_batch_size):
    """numpy: floors, argsort of the fractions, a numpy int array returned."""
    ideal = np.asarray(capacities, dtype=float) / sum(capacities) * global_batch_size
    sizes = np.floor(ideal).astype(int)
    sizes[np.argsort(-(ideal - sizes), kind="stable")[:global_batch_size - sizes.sum()]] += 1
    while (sizes < 1).any():
        sizes[np.argmax(sizes)] -= 1
        sizes[np.argmin(sizes)] += 1
    return sizes


def _greedy_plan(capacities, global_batch_size):
    """Another loop shape: one example each, then one at a time to the replica furthest below its share."""
    ideal = [c / sum(capacities) * global_batch_size for c in capacities]
    sizes = [1] * len(capacities)
    for _ in range(global_batch_size - len(capacities)):
        sizes[max(range(len(ideal)), key=lambda r: ideal[r] - sizes[r])] += 1
    return sizes


@pytest.mark.parametrize("answer", [_solution_plan, _cumulative_plan, _numpy_plan, _greedy_plan,
                                    lambda c, g: [float(n) for n in _solution_plan(c, g)],   # whole floats
                                    lambda c, g: tf.constant(_solution_plan(c, g))])          # a tensor
def test_q1_correct_alternatives_pass_public_hidden_and_boundaries(answer):
    for capacities, gb in Q1_CASES:
        report = ex03.compare_plan(answer, capacities, gb)
        assert report.passed, ((capacities, gb), report.problem)


def _remainder_to_largest(capacities, gb):  # the remainder all to the largest capacity, zeros lifted for free
    sizes = [int(c / sum(capacities) * gb) for c in capacities]
    sizes[capacities.index(max(capacities))] += gb - sum(sizes)
    return [max(1, n) for n in sizes]


@pytest.mark.parametrize("answer, capacities, gb, says", [
    (lambda c, g: [x / sum(c) * g for x in c], [3, 1], 10, r"\[7.5, 2.5\] are not whole numbers: a replica's batch "
                                                           r"holds whole examples"),  # used to say "sums to 9"
    (lambda c, g: [str(n) for n in _solution_plan(c, g)], [2, 1, 1], 64, "return a list of ints"),  # used to pass
    (_remainder_to_largest, [2, 1, 1], 10, r"\[6, 2, 2\] for ideal shares \[5.0, 2.5, 2.5\]: replica 0 is not its "
                                           r"share rounded down or up"),
    (_remainder_to_largest, [1, 1, 1, 100], 10, r"sums to 13, more than the global batch of 10"),
    (lambda c, g: [round(x / sum(c) * g) for x in c], [5, 3, 2, 7], 101, r"sums to 102, more than the global batch"),
    (lambda c, g: [round(x / sum(c) * g) for x in c], [24, 12, 12], 50, r"sums to 49, not 50: hand out the rounding"),
    (_plan, [1, 1, 1, 100], 10, r"\[0, 0, 0, 10\]: every replica needs at least one example"),  # no lift to one
    (lambda c, g: [int(x / sum(c) * g) for x in c[:-1]] + [g - sum(int(x / sum(c) * g) for x in c[:-1])],
     [1, 1, 1, 1], 11, r"replica 3 is not its share rounded down or up"),  # the remainder dumped on the last replica
])
def test_q1_wrong_answers_are_named(answer, capacities, gb, says):
    report = ex03.compare_plan(answer, capacities, gb)
    assert not report.passed and re.search(says, report.problem), report.problem


Q2_CASES = [([2, 1, 1], 32, 0), ([3, 1], 48, 5), ([1, 2, 5], 40, 9)]  # public, then the two hidden


@pytest.mark.parametrize("answer", [
    lambda losses, gb: tf.nn.compute_average_loss(losses, global_batch_size=gb),      # the colleague's call, fixed
    lambda losses, gb: tf.reduce_sum(losses / gb),
    # (the replica's mean times n_r / G is wrong since round 10: NaN on a replica a partial last batch leaves empty;
    # tests/attacks/ex03/q2_wrong_*mean_times_*)
    # summed in float64, back in the losses' dtype (round 16: float64 losses come back float64, not rounded to float32)
    lambda losses, gb: tf.cast(tf.reduce_sum(tf.cast(losses, tf.float64)) / gb, losses.dtype),
])
def test_q2_correct_alternatives_pass_public_and_hidden(answer):
    for capacities, gb, seed in Q2_CASES:
        report = ex03.compare_replica_loss(answer, capacities, gb, seed=seed)
        assert report.passed, report.problem


def _replicas():
    return tf.distribute.get_replica_context().num_replicas_in_sync


@pytest.mark.parametrize("answer, says", [
    (lambda losses, gb: tf.reduce_mean(losses) / _replicas(), r"still wrong with uneven batches \[16, 8, 8\]: every "
                                                              r"example is weighted by 1 / \(R x its own batch size\)"),
    (lambda losses, gb: tf.reduce_sum(losses), r"about 32 x\) with uneven batches \[16, 8, 8\]: on one device every "
                                               r"example weighs 1 / 32"),
    (lambda losses, gb: tf.reduce_sum(losses) / (gb / _replicas()), r"gradients differ from one device"),  # mean batch
    # contract broken: no gradient for the strategy (right numbers eagerly, nothing to differentiate)
    (lambda losses, gb: np.sum(losses.numpy()) / gb, "TensorFlow cannot differentiate the number it returns"),
    (lambda losses, gb: tf.stop_gradient(tf.reduce_sum(losses)) / gb, "TensorFlow cannot differentiate"),
    # a Python float() of a tensor: fine on the eager probe, fails where strategy.run traces the step
    (lambda losses, gb: tf.reduce_sum(losses) / gb * float(tf.size(losses) > 0),
     r"^replica_loss raised TypeError inside strategy.run, where tf.function traces it \(the losses are symbolic"),
])
def test_q2_wrong_and_contract_breaking_answers_are_named(answer, says):
    report = ex03.compare_replica_loss(answer, [2, 1, 1], 32)
    assert not report.passed and re.search(says, report.problem), report.problem
    assert "\n" not in report.problem


@pytest.mark.parametrize("value", [554, 554.0, np.int64(554), np.float64(554.0),
                                   (64 * 1024 * 1024 * 0.9 - 16_000_000) // 80_000])
def test_q3_the_right_number_in_other_types_passes(value):
    assert ex03.check_max_batch_prediction(value).passed


Q4_CASES = [[32, 16, 16], [48, 16], [5, 1, 9, 3], [7], [16, 16, 16, 16]]  # public, hidden, equal batches


@pytest.mark.parametrize("answer", [
    lambda sizes: [len(sizes) * n / sum(sizes) for n in sizes],
    lambda sizes: len(sizes) * np.asarray(sizes) / np.sum(sizes),              # numpy array
    lambda sizes: tuple(n / (sum(sizes) / len(sizes)) for n in sizes),         # n over the mean batch, a tuple
    lambda sizes: tf.constant(sizes, tf.float64) * len(sizes) / sum(sizes),    # a tensor
])
def test_q4_correct_alternatives_pass_public_hidden_and_equal_batches(answer):
    for sizes in Q4_CASES:
        report = ex03.compare_sample_weights(answer, sizes, seed=4)
        assert report.passed, (sizes, report.problem)


def test_q4_per_example_weights_and_the_one_replica_boundary():
    per_example = ex03.compare_sample_weights(lambda sizes: [len(sizes) / sum(sizes)] * sum(sizes), [32, 16, 16])
    assert not per_example.passed and "return 3 weights, one per replica" in per_example.problem
    fit_default = lambda sizes: [1.0] * len(sizes)  # noqa: E731 - right with one replica or equal batches only
    assert ex03.compare_sample_weights(fit_default, [7]).passed
    assert ex03.compare_sample_weights(fit_default, [16, 16, 16, 16]).passed
    assert not ex03.compare_sample_weights(fit_default, [48, 16]).passed


# --------------------------------------------------------------------------- blind answers (issue 38)


@pytest.mark.parametrize("path", blind.answers("03"), ids=lambda p: p.stem)
def test_blind_answers_lose_or_keep_their_points(path):
    """Answers written by someone who never saw the solution or these checks (tests/attacks/ex03),
    graded in-process by the question's public and hidden tests (tests/blind.py): each wrong one loses
    its question's points with a reason, each right one keeps them."""
    as_expected, message = blind.check_answer(path)
    assert as_expected, f"{path.name}: {message or 'kept its points'}"


# --------------------------------------------------------------------------- round 6: what a later call sees


def test_q1_a_plan_kept_between_calls_is_named_and_a_sorted_plan_is_not_called_a_cache():
    kept = {}
    by_count = lambda c, g: kept.setdefault((len(c), g), _solution_plan(c, g))  # noqa: E731 - planted: memoised
    report = ex03.compare_plan(by_count, [2, 1, 1], 64)
    assert not report.passed and "returned the first call's plan [32, 16, 16] again" in report.problem
    assert "nothing kept from an earlier call" in report.problem
    by_caps = {}
    by_capacities = lambda c, g: by_caps.setdefault(tuple(c), _solution_plan(c, g))  # noqa: E731
    report = ex03.compare_plan(by_capacities, [3, 1], 10)
    assert not report.passed and "global batch 11 returned the first call's plan" in report.problem
    ordered = lambda c, g: sorted(_solution_plan(c, g), reverse=True)  # noqa: E731 - its own mistake, no cache
    report = ex03.compare_plan(ordered, [2, 1, 1], 64)
    assert not report.passed and "first call" not in report.problem
    assert report.problem.startswith("with capacities [1, 1, 2] and global batch 64, plan_batches: [32, 16, 16]")


def test_q4_a_shared_result_list_and_weights_rounded_to_decimals_are_named():
    out = []

    def shared(sizes):  # planted: one module-level list rewritten by every call
        out[:] = [len(sizes) * n / sum(sizes) for n in sizes]
        return out

    report = ex03.compare_sample_weights(shared, [32, 16, 16])
    assert not report.passed and "no buffer shared between calls" in report.problem
    rounded = ex03.compare_sample_weights(lambda s: [round(len(s) * n / sum(s), 4) for n in s], [50, 51])
    assert not rounded.passed and "rounded, to float32 or to a few decimals" in rounded.problem
    assert "returned a map" in ex03.compare_sample_weights(lambda s: map(float, s), [32, 16, 16]).problem


def test_q1_q4_the_same_stored_result_returned_again_is_named():
    """Round 7 (cached_array, cached_same_list): a memo handing every call the same list or array; the check edits
    the first call's result and calls again. A tuple (immutable) shared between calls is fine."""
    plans = {}
    same_list = lambda c, g: plans.setdefault((tuple(c), g), _plan(c, g))  # noqa: E731 - planted
    report = ex03.compare_plan(same_list, [2, 1, 1], 64)
    assert not report.passed and "a caller's edit of one result changes no later result" in report.problem
    tuples = {}  # re-ruled in round 14 (lru_cache_tuple): the same tuple returned again is an earlier call's result
    report = ex03.compare_plan(lambda c, g: tuples.setdefault((tuple(c), g), tuple(_plan(c, g))), [2, 1, 1], 64)
    assert not report.passed and "returned the very object the first call returned" in report.problem
    assert ex03.compare_plan(lambda c, g: tuple(_plan(c, g)), [2, 1, 1], 64).passed
    weights = {}
    same_array = lambda s: weights.setdefault(tuple(s), np.array(s) * len(s) / sum(s))  # noqa: E731 - planted
    report = ex03.compare_sample_weights(same_array, [32, 16, 16])
    assert not report.passed and "returns a new list (or array) of its own" in report.problem
    assert ex03.compare_sample_weights(lambda s: np.array(s) * len(s) / sum(s), [32, 16, 16]).passed


def test_q1_q4_a_result_memoised_by_the_arguments_id_is_caught_every_time():
    """Planted (issue 38, after round 9): a memo keyed on id() of the list given. With a new list per call the check
    caught it only when CPython reused the freed list's address (7 gradings in 30); both calls of the result-kept
    check now get the same list, so the memo hits in every run."""
    def by_id_plan():
        memo = {}
        return lambda c, g: memo.setdefault(id(c), _plan(c, g))

    def by_id_weights():
        memo = {}
        return lambda s: memo.setdefault(id(s), [len(s) * n / sum(s) for n in s])

    for _ in range(30):
        report = ex03.compare_plan(by_id_plan(), [2, 1, 1], 64)
        assert not report.passed, "a plan memoised by id(capacities) kept its points"
        report = ex03.compare_sample_weights(by_id_weights(), [32, 16, 16])
        assert not report.passed, "weights memoised by id(sizes) kept their points"


def test_q2_a_nan_loss_dropped_is_named():
    """Round 7 (nansum, nan_to_zero, multiply_no_nan): a NaN loss counted as 0 weighs 0, not 1 / G."""
    nan_to_zero = lambda v, g: tf.reduce_sum(tf.where(tf.math.is_nan(v), tf.zeros_like(v), v)) / g  # noqa: E731
    report = ex03.compare_replica_loss(nan_to_zero, [2, 1, 1], 32)
    assert not report.passed and "an example whose loss is nan weighs 0.0" in report.problem
    assert "NaN and inf included" in report.problem


def test_round13_percent_units_a_big_replica_a_memory_copy_and_weights_kept_or_rounded(monkeypatch):
    """Issue 38, round 13. Planted: q1, capacities as whole percents, int(c * 100) (0.29 * 100 is 28.999...); q2, the
    largest loss dropped above 64 examples and the sum through float16 above 256 (replicas of 300 and 1); q3,
    gpukit/memory.py's text exec'd into a module of another name; q4, R counted as the replicas holding examples, the
    same tuple returned for the same batches (lru_cache), weights cached by (R, G), weights rounded to 6 digits."""
    from gpukit import devices, memory, strategies

    def percent_ints(capacities, gb):
        return _plan([int(c * 100) for c in capacities], gb)

    report = ex03.compare_plan(percent_ints, [0.29, 0.71], 100)
    assert not report.passed and "is not its share rounded down or up" in report.problem, report.problem
    assert ex03.compare_plan(_plan, [0.29, 0.71], 100).passed

    drop_top = lambda v, g: (tf.reduce_sum(v) - tf.cond(tf.size(v) > 64, lambda: tf.reduce_max(v),  # noqa: E731
                                                         lambda: 0.0)) / g
    f16_big = lambda v, g: tf.cond(tf.size(v) > 256, lambda: tf.cast(tf.reduce_sum(tf.cast(v, tf.float16)),  # noqa: E731
                                                                     tf.float32), lambda: tf.reduce_sum(v)) / g
    for answer, says in ((drop_top, "an example whose loss is 900.5 weighs 0.0 in its replica's loss, not 1 / 4097"),
                         (f16_big, "with batches of 4000 and 1 examples (a partial last batch: 4001 examples of")):
        problem = ex03._weights_problem(answer, tf, strategies, devices)
        assert problem and says in problem and "\n" not in problem, problem
        assert "not rounded through a narrower type" in problem or "whatever its loss" in problem
    assert ex03._weights_problem(lambda v, g: tf.reduce_sum(v) / g, tf, strategies, devices) is None

    import inspect
    import sys
    import types

    copy = types.ModuleType("memory_copy")
    copy.__package__ = "gpukit"
    monkeypatch.setitem(sys.modules, "memory_copy", copy)  # (its dataclasses look their module up)
    exec(compile(inspect.getsource(memory), "mem_copy", "exec"), vars(copy))
    assert ex03._memory_copies({"_mod": copy, "x": 1}) == ["_mod"]
    assert ex03._memory_copies({"_ns": vars(copy)}) == ["_ns"]
    assert ex03._memory_copies({"memory": memory, "plan": memory.plan, "f": lambda: 0}) == []
    # round 17's merge (planted: compared through watches: exercise 07 watches gpukit.zero.plan with a wrapper whose
    # code is the one every watch shares, so gpukit.zero held "a copy" of the watched gpukit.memory.plan and round 16's
    # outside zero_state_bytes lost its points in a CI worker that had imported exercise 07)
    from gpukit import zero
    from gpukit.course.exercises import ex07  # noqa: F401 - its watches, installed at import

    assert hasattr(zero.plan, "__gpukit_original__")
    assert ex03._memory_copies({"_z": zero}) == []
    assert ex03._memory_copies({"_mod": copy, "_z": zero}) == ["_mod"]

    import functools

    @functools.lru_cache(maxsize=None)
    def kept(sizes):
        return tuple(len(sizes) * n / sum(sizes) for n in sizes)

    cache = {}

    def by_r_and_g(sizes):
        return list(cache.setdefault((len(sizes), sum(sizes)), [len(sizes) * n / sum(sizes) for n in sizes]))

    for answer, sizes, says in (
            (lambda s: [sum(1 for n in s if n) * n / sum(s) for n in s], [5, 0, 3], "still counts in Keras' 1 / R"),
            (lambda s: kept(tuple(s)), [48, 16], "returned the very object the first call returned"),
            (by_r_and_g, [48, 16], "a call with [16, 48] (as many replicas, the same global batch) gave [1.5, 0.5]"),
            (lambda s: [float(f"{len(s) * n / sum(s):.6g}") for n in s], [60000, 50001], "allowed (1e-14 of it)")):
        report = ex03.compare_sample_weights(answer, sizes, seed=4)
        assert not report.passed and says in report.problem, report.problem
    for sizes in ([5, 0, 3], [60000, 50001], [48, 16]):
        assert ex03.compare_sample_weights(lambda s: [len(s) * n / sum(s) for n in s], sizes, seed=4).passed


def test_round14_a_lift_from_a_small_replica_a_kept_tuple_and_int32_weights_are_named():
    """Issue 38, round 14. Planted: q1, the example a replica is lifted with taken from the first replica holding more
    than one (left below its share while a larger one could give); the same tuple returned for equal arguments
    (lru_cache); q4, R * n_r in int32, which wraps past 2**31."""
    import functools
    import math

    def lift_from_first(capacities, gb):
        q = [c / sum(capacities) * gb for c in capacities]
        out = [math.floor(v) for v in q]
        for i in sorted(range(len(q)), key=lambda i: q[i] - out[i], reverse=True)[: gb - sum(out)]:
            out[i] += 1
        for i in range(len(out)):
            if out[i] == 0:
                out[next(j for j in range(len(out)) if out[j] > 1)] -= 1
                out[i] = 1
        return out

    def lift_from_largest(capacities, gb):  # the solution's
        sizes = _plan(capacities, gb)
        for r in range(len(sizes)):
            if sizes[r] == 0:
                sizes[sizes.index(max(sizes))] -= 1
                sizes[r] = 1
        return sizes

    report = ex03.compare_plan(lift_from_first, [30, 100, 1], 10)
    assert not report.passed and "the examples that lift replicas to one come from the largest" in report.problem
    assert ex03.compare_plan(lift_from_largest, [30, 100, 1], 10).passed

    kept = functools.lru_cache(maxsize=None)(lambda c, g: tuple(_plan(list(c), g)))
    report = ex03.compare_plan(lambda c, g: kept(tuple(c), g), [3, 1], 10)
    assert not report.passed and "returned the very object the first call returned" in report.problem

    def int32_product(sizes):
        n = np.array(sizes, dtype=np.int32)
        return list((np.int32(len(n)) * n).astype(np.float64) / float(n.sum()))

    big = [1_500_000_000, 700_000_000]
    report = ex03.compare_sample_weights(int32_product, big, seed=4)
    assert not report.passed and "does not weigh 1 / G" in report.problem
    assert ex03.compare_sample_weights(lambda s: [len(s) * n / sum(s) for n in s], big, seed=4).passed


def test_round14_negative_and_minus_inf_losses_and_a_float16_divisor_are_named():
    """Issue 38, round 14. Planted (q2): negative losses set to 0; -inf losses dropped; the divisor rounded through
    float16 (exact up to 2048; the 300-and-1 probe is a partial batch of a global batch of 4097)."""
    from gpukit import devices, strategies

    for answer, says in (
            (lambda v, g: tf.reduce_sum(tf.where(v < 0, tf.zeros_like(v), v)) / g, "loss is -0.7 weighs 0.0"),
            (lambda v, g: tf.reduce_sum(tf.where(tf.equal(v, float("-inf")), tf.zeros_like(v), v)) / g,
             "loss is -inf weighs 0.0"),
            (lambda v, g: tf.reduce_sum(v) / tf.cast(tf.cast(g, tf.float16), tf.float32), "not 1 / 4097")):
        problem = ex03._weights_problem(answer, tf, strategies, devices)
        assert problem and says in problem and "whatever its loss" in problem, problem


def test_round14_a_copy_of_the_planner_made_while_the_cell_runs_is_named():
    """Issue 38, round 14. Planted (q3): max_batch_sizes' code re-wrapped with types.FunctionType (code.replace) and
    called, the copy deleted after; gpukit/memory.py exec'd as a module of another name, deleted after. The audit
    watch (``watch_copies(..., clones=True)``) notes the copy when it is made, whatever the notebook keeps."""
    clone = (
        "import types as _t\nfrom gpukit import memory as _m\n"
        "_f = _m.max_batch_sizes.__gpukit_original__\n"
        "_c = _t.FunctionType(_f.__code__.replace(co_name='mbs'), dict(_f.__globals__), 'mbs', _f.__defaults__)\n"
        "predicted_max_batch = 554\ndel _c, _f\n")
    exec_file = (
        "import gpukit as _g, os as _os, sys as _s, types as _t\n"
        "_src = open(_os.path.join(_os.path.dirname(_g.__file__), 'memory.py')).read()\n"
        "_src = _src.replace('from ._args', 'from gpukit._args').replace('from .batching', 'from gpukit.batching')\n"
        "_mod = _t.ModuleType('notes'); _s.modules['notes'] = _mod\n"
        "exec(compile(_src, 'notes.py', 'exec'), _mod.__dict__)\n"
        "del _s.modules['notes'], _mod, _src\npredicted_max_batch = 554\n")
    for source in (clone, exec_file):
        message = blind.grade(blind.stem("03"), "q3", source)
        assert message and "made while the cell ran" in message, message
    assert blind.grade(blind.stem("03"), "q3", "predicted_max_batch = 554\n") is None


@__import__("functools").lru_cache(maxsize=None)
def _cached_weights(sizes):  # round 15's planted helper (module level, as a notebook's)
    return tuple(len(sizes) * n / sum(sizes) for n in sizes)


def test_round15_types_rewritten_a_fixed_donor_float32_shares_a_lazy_int_and_caches_are_named():
    """Issue 38, round 15. Planted: q1, the caller's capacities rewritten with equal floats; every lifted example taken
    from the largest-capacity replica; shares in float32 (a global batch near 1e8); q3, an int subclass that runs code
    when compared; q4, the caller's ints made floats in place, a memo in a default argument, a functools cache."""
    def as_floats(capacities, gb):
        capacities[:] = [float(c) for c in capacities]
        return _plan(capacities, gb)

    report = ex03.compare_plan(as_floats, [2, 1, 1], 64)
    assert not report.passed and "every item the very object it held" in report.problem, report.problem

    def fixed_donor(capacities, gb):
        sizes = _plan(capacities, gb)
        donor = capacities.index(max(capacities))
        for r in range(len(sizes)):
            if sizes[r] == 0:
                sizes[donor] -= 1
                sizes[r] = 1
        return sizes

    report = ex03.compare_plan(fixed_donor, [10, 9.9, 0.1, 0.1, 0.1], 20)
    assert not report.passed and "come from the largest replicas" in report.problem, report.problem

    def float32_shares(capacities, gb):
        ideal = np.asarray(capacities, np.float32) / np.float32(sum(capacities)) * np.float32(gb)
        sizes = np.floor(ideal).astype(np.int64)
        for r in np.argsort(-(ideal - sizes))[: max(gb - int(sizes.sum()), 0)]:
            sizes[r] += 1
        return sizes.tolist()

    assert not ex03.compare_plan(float32_shares, [5, 3, 2, 7], 99_999_989).passed
    assert ex03.compare_plan(_plan, [5, 3, 2, 7], 99_999_989).passed

    expected = ex03.check_max_batch_prediction(0).details["expected"]
    lazy = type("Lazy", (int,), {"__eq__": lambda self, other: True, "__hash__": int.__hash__})(expected)
    report = ex03.check_max_batch_prediction(lazy)
    assert not report.passed and "a plain number (an int or a float)" in report.problem, report.problem
    assert ex03.check_max_batch_prediction(expected).passed and ex03.check_max_batch_prediction(np.int64(expected)).passed

    def right(sizes):
        return [len(sizes) * n / sum(sizes) for n in sizes]

    def in_place(sizes):
        sizes[:] = [float(n) for n in sizes]
        return right(sizes)

    def memo(sizes, _memo={}):
        return list(_memo.setdefault(tuple(sizes), tuple(right(sizes))))

    for answer, says in ((in_place, "every item the very object it held"), (memo, "default argument '_memo'"),
                         (lambda s: list(_cached_weights(tuple(s))), "'_cached_weights'")):
        report = ex03.compare_sample_weights(answer, [5, 1, 9, 3])
        assert not report.passed and says in report.problem, report.problem
    assert ex03.compare_sample_weights(right, [5, 1, 9, 3]).passed


def test_round15_a_zero_loss_masked_and_huge_losses_stopped_are_named():
    """Issue 38, round 15. Planted (q2): a loss of exactly 0 masked out as padding; losses above 1e8 stop_gradient'ed
    (the partial probe holds a 0 and a 2.5e8)."""
    from gpukit import devices, strategies

    for answer, says in (
            (lambda v, g: tf.reduce_sum(v * tf.cast(tf.not_equal(v, 0.0), v.dtype)) / g, "loss is 0 weighs 0.0"),
            (lambda v, g: tf.reduce_sum(tf.where((v > 1e8) & tf.math.is_finite(v), tf.stop_gradient(v), v)) / g,
             "loss is 2.5e+08 weighs 0.0")):
        problem = ex03._weights_problem(answer, tf, strategies, devices)
        assert problem and says in problem and "whatever its loss" in problem, problem
    assert ex03._weights_problem(lambda v, g: tf.reduce_sum(v) / g, tf, strategies, devices) is None


_BUFFER = np.zeros(16, dtype=np.int64)  # round 16's planted shared plan buffer (module level, as a notebook's)
_ROUNDED_MEMO: dict = {}  # round 16's planted memo under rounded capacities


def test_round16_a_shared_buffer_numpy_inputs_a_memo_float32_losses_a_pasted_planner_and_rounded_weights():
    """Issue 38, round 16. Planted: q1, a view of one module-level array returned by every call; a caller's float64
    array normalised in place; a caller's int64 array that is the plan returned itself; a memo under rounded
    capacities; q2, float64 losses cast to float32; q3, gpukit.memory.max_batch_sizes' source pasted into the cell
    under another name; q4, weights rounded to 12 significant digits, a caller's float64 array scaled in place, a
    caller's NumPy ints and floats made ints in place."""
    import inspect

    def view(c, g):
        sizes = _plan(list(c), g)
        _BUFFER[:len(sizes)] = sizes
        return _BUFFER[:len(sizes)]

    def normalised(c, g):
        caps = np.asarray(c, dtype=np.float64)
        caps /= caps.sum()
        return _plan(list(caps), g)

    def itself(c, g):
        caps = np.asarray(c)
        return caps if caps.dtype.kind in "iu" and int(caps.sum()) == g else _plan(list(c), g)

    def memo(c, g):
        return list(_ROUNDED_MEMO.setdefault((tuple(round(float(x), 2) for x in c), g), tuple(_plan(list(c), g))))

    for answer, says in ((view, "no buffer shared between calls"), (normalised, "changed the capacities array"),
                         (itself, "returned that array itself"), (memo, "module-level '_ROUNDED_MEMO'")):
        report = ex03.compare_plan(answer, [2, 1, 1], 64)
        assert not report.passed and says in report.problem, report.problem
    assert ex03.compare_plan(_plan, [2, 1, 1], 64).passed

    problem = ex03._float64_problem("replica_loss", lambda v, g: tf.reduce_sum(tf.cast(v, tf.float32)) / g, tf)
    assert problem and "no rounding through a narrower type" in problem, problem
    assert ex03._float64_problem("replica_loss", lambda v, g: tf.reduce_sum(v) / g, tf) is None

    source = inspect.getsource(ex03._PLANNER["max_batch_sizes"]).replace("def max_batch_sizes", "def my_batches")
    message = blind.grade(blind.stem("03"), "q3", f"MemoryEstimate = object\nMiB = 2**20\n{source}"
                                                  "predicted_max_batch = 554\n")
    assert message and "gpukit.memory's code outside the module (my_batches" in message, message

    def right(sizes):
        return [len(sizes) * n / sum(sizes) for n in sizes]

    def scaled(sizes):
        w = np.asarray(sizes, dtype=np.float64)
        w *= len(w) / w.sum()
        return w.copy()

    def to_ints(sizes):
        sizes[:] = [int(n) for n in sizes]
        return right(sizes)

    for answer, says in ((lambda s: [float(f"{len(s) * n / sum(s):.12g}") for n in s], "allowed (1e-14 of it)"),
                         (scaled, "changed the batch sizes array"), (to_ints, "a NumPy int or float too")):
        report = ex03.compare_sample_weights(answer, [5, 1, 9, 3], seed=4)
        assert not report.passed and says in report.problem, report.problem
    assert ex03.compare_sample_weights(right, [5, 1, 9, 3], seed=4).passed


def test_round17_a_view_an_int64_product_a_float32_divisor_or_total_and_a_cache_on_loss_fn():
    """Issue 38, round 17. Planted: q1, a view of the caller's int64 array that already is the plan; shares as an int64
    product capacities x G (bytes x 2**30 wraps); a plan memo in the notebook's loss_fn.__dict__; q2, the global batch
    cast to float32 (2**24 + 1 is not a float32); q4, the global batch summed in float32 ([40000001, 2])."""
    def view(c, g):
        caps = np.asarray(c)
        return caps.view() if caps.dtype.kind in "iu" and int(caps.sum()) == g else _plan(list(c), g)

    def product(c, g):
        caps = np.asarray(c, dtype=np.int64)
        sizes = caps * g // caps.sum()
        for r in np.argsort(-(caps * g % caps.sum()), kind="stable")[:g - int(sizes.sum())]:
            sizes[r] += 1
        return [int(s) for s in sizes]

    notebook = {"loss_fn": type("Loss", (), {})(), "_plan": _plan}
    exec("def cached(c, g):\n    memo = loss_fn.__dict__.setdefault('_plans', {})\n"
         "    return list(memo.setdefault((tuple(c), g), tuple(_plan(list(c), g))))\n", notebook)
    for answer, args, says in ((view, ([2, 1, 1], 64), "returned an array that shares its memory"),
                               (product, ([24 * 2**30, 12 * 2**30], 2**30 + 1), "not 1073741825"),
                               (notebook["cached"], ([2, 1, 1], 64), "'_plans' on the notebook's 'loss_fn'")):
        report = ex03.compare_plan(answer, *args)
        assert not report.passed and says in report.problem, report.problem
    assert "_plans" not in vars(notebook["loss_fn"])  # put back by the check
    assert ex03.compare_plan(_plan, [24 * 2**30, 12 * 2**30], 2**30 + 1).passed

    problem = ex03._float64_problem("replica_loss", lambda v, g: tf.reduce_sum(v) / tf.cast(tf.cast(g, tf.float32),
                                                                                             v.dtype), tf)
    assert problem and "(global batch 25165825)" in problem and "no rounding through a narrower type" in problem

    def right(sizes):
        return [len(sizes) * int(n) / sum(int(m) for m in sizes) for n in sizes]

    def float32_total(sizes):
        total = float(np.sum(np.asarray([int(n) for n in sizes], dtype=np.float32)))
        return [len(sizes) * int(n) / total for n in sizes]

    report = ex03.compare_sample_weights(float32_total, [40_000_001, 2], seed=4)
    assert not report.passed and "allowed (1e-14 of it)" in report.problem, report.problem
    assert ex03.compare_sample_weights(right, [40_000_001, 2], seed=4).passed


def test_round18_q2_a_float32_reciprocal_and_a_sum_capped_at_1024_examples():
    """Issue 38, round 18. Planted (q2): ``reciprocal_float32``, the losses times 1 / G rounded through float32 (1 / (2**24
    + 1) is within 4e-15 of a float32: the float64 probe's global batch is 2**24 + 2**23 + 1 now);
    ``chunked_sum_capped``, 16 chunks of 64 examples summed, the rest dropped (the big probe: 4000 and 1 examples)."""
    from gpukit import devices, strategies

    reciprocal = lambda v, g: tf.reduce_sum(v) * tf.cast(tf.constant(1.0 / g, tf.float32), v.dtype)  # noqa: E731
    problem = ex03._float64_problem("replica_loss", reciprocal, tf)
    assert problem and "(global batch 25165825)" in problem and "no rounding through a narrower type" in problem
    assert ex03._float64_problem("replica_loss", lambda v, g: tf.reduce_sum(v) / g, tf) is None

    capped = lambda v, g: sum(tf.reduce_sum(v[k * 64:(k + 1) * 64]) for k in range(16)) / g  # noqa: E731
    problem = ex03._weights_problem(capped, tf, strategies, devices)
    assert problem and "with batches of 4000 and 1 examples" in problem and "weighs 0.0" in problem, problem
    assert "whatever its replica's batch size" in problem


def test_round27_q2_a_running_sum_and_float32_only_when_traced():
    """Issue 38, round 27. Planted (q2): ``cumsum_last``, the replica's sum read off a float32 running sum (exact on the
    big probe's quarters: its losses are 2.45 now, 3.7e-5 off one loss at a time); ``graph_float32_divisor``, exact
    eagerly but G a float32 constant once traced (the traced call is held to float64 precision when the eager one is)."""
    from gpukit import devices, strategies

    running = lambda v, g: tf.reduce_sum(tf.math.cumsum(v)[-1:]) / tf.cast(g, v.dtype)  # noqa: E731
    problem = ex03._weights_problem(running, tf, strategies, devices)
    assert problem and "with batches of 4000 and 1 examples" in problem and "nor a running sum" in problem, problem
    assert ex03._weights_problem(lambda v, g: tf.reduce_sum(v) / tf.cast(g, v.dtype), tf, strategies, devices) is None

    def graph_divisor(v, g):
        if tf.executing_eagerly():
            return tf.reduce_sum(v) / tf.cast(g, v.dtype)
        return tf.reduce_sum(v) / tf.cast(tf.constant(g, tf.float32), v.dtype)

    problem = ex03._huge_batch_problem("replica_loss", graph_divisor, tf)
    assert problem and "to float64 precision, as it does eagerly" in problem, problem
    assert ex03._huge_batch_problem("replica_loss", lambda v, g: tf.reduce_sum(v) / tf.cast(g, v.dtype), tf) is None
