"""Exercise 09's checks (gpukit.course.exercises.ex09): the solution and correct alternatives pass
public and hidden cases, the stub is "not solved yet", each classic wrong answer is named."""

from __future__ import annotations

import re

import numpy as np
import pytest

import blind
from gpukit.course.exercises import ex09

SIZES = [64 * 32, 32, 32 * 10, 10]
PSI = sum(SIZES)                                      # 2410 parameters
PADDED = sum(-(-s // 4) * 4 for s in SIZES)           # 2412: the last bias is padded from 10 to 12


# --------------------------------------------------------------------------- q1: predict the bytes


def test_bytes_prediction_right_answer_is_the_measured_one():
    expected = 4 * PSI + (4 + 8) * PADDED // 4        # weights whole; gradients and moments sliced (padded)
    assert ex09.measured_bytes(64, 32, 10, 4, 2) == expected
    assert ex09.check_bytes_prediction(expected).passed
    assert ex09.check_bytes_prediction(float(expected)).passed  # another type, the same number


@pytest.mark.parametrize("value, says", [
    (..., "not solved yet"),
    ("16876", "must be one number"),
    (4 * PSI + 12 * PSI / 4, "the formula without padding"),
    (16 * PSI, "plain data parallelism"),
    (16 * PADDED / 4, "that is stage 3"),
    (8 * PSI + 8 * PADDED / 4, "that is stage 1"),
    ((4 * PSI + 12 * PADDED / 4) / 4, "counts parameters, not bytes"),
    (12345, "is not what one device holds under stage 2"),
    (16875.6, "is not a whole number"),  # printed as 16,876 it named nothing
])
def test_bytes_prediction_classic_slips_are_named(value, says):
    report = ex09.check_bytes_prediction(value)
    assert not report.passed and says in report.problem, report.problem


# --------------------------------------------------------------------------- q2: shard ranges

PUBLIC_Q2 = [(10, 4), (12, 4), (3, 4)]
HIDDEN_Q2 = [(2410, 4), (1, 3), (7, 1), (100, 8), (9, 2)]


def _ceil_ranges(size, n):
    length = -(-size // n)
    return length * n, [(r * length, (r + 1) * length) for r in range(n)]


def _loop_ranges(size, n):  # another correct answer: pad first with a while loop, numpy ints
    padded = size
    while padded % n:
        padded += 1
    starts = np.arange(n) * (padded // n)
    return padded, list(zip(starts, starts + padded // n))


def _floor_ranges(size, n):  # the classic mistake: the last size % n elements belong to no one
    length = size // n
    return length * n, [(r * length, (r + 1) * length) for r in range(n)]


def _longer_last(size, n):  # no padding: the last replica takes the rest
    length = size // n
    return size, [(r * length, (r + 1) * length if r < n - 1 else size) for r in range(n)]


@pytest.mark.parametrize("answer", [_ceil_ranges, _loop_ranges])
def test_shard_ranges_correct_alternatives_pass_public_and_hidden(answer):
    assert ex09.check_shard_ranges(answer, PUBLIC_Q2).passed
    assert ex09.check_shard_ranges(answer, HIDDEN_Q2).passed


@pytest.mark.parametrize("answer, says", [
    (_floor_ranges, r"covers 8 of 10 elements: the last elements belong to no replica"),
    (_longer_last, r"slices of lengths \[2, 4\]: every replica's slice must have the same length"),
    (lambda size, n: (size, [(0, size)]), "returned 1 slices, expected one per replica"),
    (lambda size, n: None, "not solved yet"),
    (lambda size, n: 3, r"must return \(padded_size"),
    (lambda size, n: (float(_ceil_ranges(size, n)[0]), _ceil_ranges(size, n)[1]), r"padded_size 12.0 \(float\)"),
    (lambda size, n: (12, [(r * 3, (r + 1) * 12 / 4) for r in range(4)]), r"not float; a float cannot slice"),
    (lambda size, n: (12, [np.arange(r * 3, r * 3 + 6, 3) for r in range(4)]), r"each range is a tuple"),
])
def test_shard_ranges_wrong_answers_are_named(answer, says):
    report = ex09.check_shard_ranges(answer, PUBLIC_Q2)
    assert not report.passed and re.search(says, report.problem), report.problem


# --------------------------------------------------------------------------- q3: the stage-1 update


def _step(gather=True, gather_old=False):
    def zero1_step(weights, grads, m, v, t, lr):
        n, piece = len(weights), len(weights[0]) // len(weights)
        total = np.sum(grads, axis=0, dtype=np.float64)  # round 28: float16 gradients summed in float64
        old = [w.copy() for w in weights]
        new = []
        for r in range(n):
            own = slice(r * piece, (r + 1) * piece)
            g = total[own]
            m[r] = m[r] + (g - m[r]) * (1 - 0.9)
            v[r] = v[r] + (g * g - v[r]) * (1 - 0.999)
            alpha = lr * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
            weights[r][own] = weights[r][own] - alpha * m[r] / (np.sqrt(v[r]) + 1e-7)
            new.append(weights[r][own])
        if gather_old:  # gathers before the update has landed: every replica keeps the old weights elsewhere
            full = np.concatenate([old[r][r * piece:(r + 1) * piece] for r in range(n)])
            return [full.copy() for _ in range(n)], m, v
        if gather:
            full = np.concatenate(new)
            return [full.copy() for _ in range(n)], m, v
        return weights, m, v

    return zero1_step


def _adam_written_differently(weights, grads, m, v, t, lr):
    """A correct alternative: the bias-corrected moments (the textbook form of Adam, its epsilon
    rescaled to match Keras'), computed in float32."""
    n, piece = len(weights), len(weights[0]) // len(weights)
    total = np.sum(grads, axis=0, dtype="float32")
    weights = [w.astype("float32") for w in weights]
    full = np.empty_like(weights[0])
    for r in range(n):
        own = slice(r * piece, (r + 1) * piece)
        m[r] = 0.9 * m[r] + 0.1 * total[own]
        v[r] = 0.999 * v[r] + 0.001 * total[own] ** 2
        m_hat, v_hat = m[r] / (1 - 0.9 ** t), v[r] / (1 - 0.999 ** t)
        full[own] = weights[r][own] - lr * m_hat / (np.sqrt(v_hat) + 1e-7 / np.sqrt(1 - 0.999 ** t))
    return [full.copy() for _ in range(n)], m, v


TINY = dict(num_replicas=4, size=8, steps=3, seed=7, grad_scale=1e-7, zero_at=5)  # the hidden epsilon case


@pytest.mark.parametrize("kwargs", [{}, dict(num_replicas=2, size=2 ** 15 + 2, steps=4, seed=3),
                                    dict(num_replicas=3, size=9, steps=2, seed=5, lr=0.1, grad_scale=1e18), TINY,
                                    dict(num_replicas=4, size=8, steps=2, seed=11, grads_dtype="float16", apart=True)])
@pytest.mark.parametrize("answer", [_step(), _adam_written_differently])
def test_zero1_step_correct_answers_pass_public_and_hidden(answer, kwargs):
    report = ex09.check_zero1_step(answer, **kwargs)
    assert report.passed, report.problem


def test_zero1_step_the_given_bug_and_other_mistakes_are_named():
    problem = ex09.check_zero1_step(_step(gather=False)).problem
    assert "after step 1 replica" in problem and "the replicas no longer hold the same model" in problem
    assert "gather" not in problem  # the symptom, not the fix
    problem = ex09.check_zero1_step(_step(gather_old=True)).problem
    assert "differ from plain Adam on the summed gradient" in problem
    assert "not solved yet" in ex09.check_zero1_step(lambda *a: None).problem
    assert "must return (weights, m, v)" in ex09.check_zero1_step(lambda *a: 3).problem


def _textbook(eps=1e-7, grads_in_place=False):
    def zero1_step(weights, grads, m, v, t, lr):  # m_hat / (sqrt(v_hat) + eps): not Keras' epsilon placement
        n, piece = len(weights), len(weights[0]) // len(weights)
        total = grads[0]
        if grads_in_place:
            for g in grads[1:]:
                total += g  # into the caller's grads[0]
        else:
            total = sum(grads)
        full = np.empty_like(weights[0])
        for r in range(n):
            own = slice(r * piece, (r + 1) * piece)
            m[r] = 0.9 * m[r] + 0.1 * total[own]
            v[r] = 0.999 * v[r] + 0.001 * total[own] ** 2
            full[own] = weights[r][own] - lr * (m[r] / (1 - 0.9 ** t)) / (np.sqrt(v[r] / (1 - 0.999 ** t)) + eps)
        return [full.copy() for _ in range(n)], m, v

    return zero1_step


def test_zero1_step_epsilon_and_inputs_are_part_of_the_contract():
    """Planted: the textbook Adam and no epsilon pass with gradients of about 1 (within 1e-5); with gradients
    near epsilon and a zero gradient they are named. The caller's grads written into is named."""
    assert ex09.check_zero1_step(_textbook()).passed  # the public case cannot tell
    problem = ex09.check_zero1_step(_textbook(), **TINY).problem
    assert "epsilon counts" in problem and "Keras' formula" in problem, problem
    problem = ex09.check_zero1_step(_textbook(eps=0.0), **TINY).problem
    assert "not finite" in problem and "0 by 0" in problem, problem
    problem = ex09.check_zero1_step(_textbook(eps=1.0 / 3e7, grads_in_place=True)).problem
    assert "the caller's grads[0] changed" in problem and "only read" in problem, problem
    problem = ex09.check_zero1_step(_step(gather_old=True)).problem
    assert "still hold the weights from before the step" in problem and "Keras" not in problem, problem


def test_zero1_step_refuses_a_size_that_does_not_divide():
    with pytest.raises(ValueError, match="the size must be a multiple of the replica count"):
        ex09.check_zero1_step(_step(), num_replicas=4, size=10)


def test_hints_cover_every_question():
    assert set(ex09.HINTS) == {"q1", "q2", "q3"} and all(len(h) >= 2 for h in ex09.HINTS.values())


# --------------------------------------------------------------------------- blind answers (issue 38)


@pytest.mark.parametrize("path", blind.answers("09"), ids=lambda p: p.stem)
def test_blind_answers_lose_or_keep_their_points(path):
    """Answers written by someone who never saw the solution or these checks (tests/attacks/ex09):
    each wrong one loses its question's points with a reason, each right one keeps them. Among them
    the gradients averaged instead of summed (Adam hides the scale: the moments show it) and every
    replica keeping the whole moments (their shapes are checked)."""
    as_expected, message = blind.check_answer(path)
    assert as_expected, f"{path.name}: {message or 'kept its points'}"


# --------------------------------------------------------------------------- round 4 (issue 38): the contract's form


def _cached(size, n, _cache={}):  # planted: one list handed to every caller
    return _cache.setdefault((size, n), _ceil_ranges(size, n))


def test_shard_ranges_a_cache_and_size_zero_are_named():
    assert "the list of the first call is kept (a cache)" in ex09.check_shard_ranges(_cached, PUBLIC_Q2).problem
    at_least_one = lambda size, n: _ceil_ranges(max(size, 1), n)  # noqa: E731  size 0 padded to n
    assert "expected (0, [(0, 0)" in ex09.check_shard_ranges(at_least_one, [(0, 4)]).problem
    assert ex09.check_shard_ranges(_ceil_ranges, [(0, 4)]).passed


def test_shard_ranges_a_memo_handing_out_its_list_once_or_a_deep_copy_is_named():
    """Planted (round 10): a memo that gives the first caller its own list and copies on later hits, and one that
    deep-copies its list (the caller's edit of the first result shows in the second either way); the shared
    ``result_kept_problem`` appends a pair to the first call's list."""
    import copy

    def first_then_copies(size, n, _memo={}):
        if (size, n) in _memo:
            return _memo[(size, n)][0], copy.deepcopy(_memo[(size, n)][1])
        _memo[(size, n)] = _ceil_ranges(size, n)
        return _memo[(size, n)]

    assert "the list of the first call is kept (a cache)" in ex09.check_shard_ranges(first_then_copies, PUBLIC_Q2).problem
    assert ex09.check_shard_ranges(lambda size, n: copy.deepcopy(_ceil_ranges(size, n)), PUBLIC_Q2).passed


def test_zero1_step_form_state_and_a_gradient_that_becomes_zero_are_named():
    """Planted: LazyAdam (moments left where the gradient is 0), tuples returned, one array for every
    replica, a step count of its own (t ignored): each named by its rule."""
    right = _step()
    assert ex09.check_zero1_step(right, num_replicas=3, size=9, steps=3, seed=8, zero_slice_from=2).passed

    def lazy(weights, grads, m, v, t, lr):
        live = sum(grads) != 0
        old_m, old_v = [a.copy() for a in m], [b.copy() for b in v]
        w, m, v = right(weights, grads, m, v, t, lr)
        piece = len(m[0])
        for r in range(len(m)):
            keep = ~live[r * piece:(r + 1) * piece]
            m[r][keep], v[r][keep] = old_m[r][keep], old_v[r][keep]
        return w, m, v

    problem = ex09.check_zero1_step(lazy, num_replicas=3, size=9, steps=3, seed=8, zero_slice_from=2).problem
    assert "where the summed gradient is 0" in problem and "LazyAdam" in problem, problem
    problem = ex09.check_zero1_step(lambda *a: tuple(tuple(p) for p in right(*a))).problem
    assert "returned weights as tuple" in problem, problem

    def aliased(*args):
        w, m, v = right(*args)
        return [w[0]] * len(w), m, v

    assert "share one weights array" in ex09.check_zero1_step(aliased).problem
    count = [0]

    def own_count(weights, grads, m, v, t, lr):
        count[0] += 1
        return right(weights, grads, m, v, count[0], lr)

    problem = ex09.check_zero1_step(own_count).problem
    assert "called a second time with the same arguments" in problem and "t is the step number" in problem, problem
    assert "Keras" not in problem


def test_bytes_prediction_names_eight_bytes_too_many():
    """Issue 38, round 9: the replicated weights counted padded (2412 values) and Adam's int64 step counter added
    both give 16,884 on the lesson's MLP: the message names both rules, not "a different number"."""
    expected = ex09.measured_bytes(**ex09.PREDICTION)
    problem = ex09.check_bytes_prediction(expected + 8).problem
    assert "counted padded (2412 values)" in problem and "Adam's step counter" in problem, problem


def test_zero1_step_follows_lr():
    """Issue 38, round 9: a step size cached by t (the first call's lr reused) was told "Keras' formula"; step 1
    is also run with lr doubled, and the same weights back name the rule (the step depends on its arguments)."""
    right = _step()
    assert ex09.check_zero1_step(right).passed
    cache = {}

    def alpha_cached(weights, grads, m, v, t, lr):
        cache.setdefault(t, lr)
        return right(weights, grads, m, v, t, cache[t])

    problem = ex09.check_zero1_step(alpha_cached).problem
    assert "with lr=0.02 as with lr=0.01" in problem and "depends only on its arguments" in problem, problem


def test_zero1_step_moments_kept_whole_behind_a_slice_and_a_float16_sum_are_named():
    """Issue 38, round 11: each replica's moment a view of its own full-size array (n full copies alive: the state
    is not sharded) kept its points; slices of ONE common buffer were right (round 5) until round 14's ruling (no
    shared base: named since). A gradient sum in float16
    was told its slice differs: the message names the prompt's rule (float16 is not fine)."""
    right = _step()

    def full_kept(weights, grads, m, v, t, lr):
        weights, m, v = right(weights, grads, [a.copy() for a in m], [b.copy() for b in v], t, lr)
        size, piece = len(weights[0]), len(m[0])
        for r in range(len(m)):
            for part in (m, v):
                whole = np.zeros(size)
                whole[r * piece:(r + 1) * piece] = part[r]
                part[r] = whole[r * piece:(r + 1) * piece]
        return weights, m, v

    def one_buffer(weights, grads, m, v, t, lr):
        weights, m, v = right(weights, grads, m, v, t, lr)
        both = np.concatenate(m + v)
        k = len(m)
        return weights, [both[i * len(m[0]):(i + 1) * len(m[0])] for i in range(k)], \
            [both[(k + i) * len(v[0]):(k + i + 1) * len(v[0])] for i in range(k)]

    problem = ex09.check_zero1_step(full_kept).problem
    assert "is a view of a 12-value array whose other 9 values" in problem and "keeps only its own slice" in problem
    assert "views of one common array" in ex09.check_zero1_step(one_buffer).problem  # round 14's ruling

    def float16_sum(weights, grads, m, v, t, lr):
        return right(weights, [sum(np.float16(g) for g in grads).astype("float64")] + [0 * g for g in grads[1:]],
                     m, v, t, lr)

    problem = ex09.check_zero1_step(float16_sum).problem
    assert "float32 is fine, float16 is not" in problem and "the sum of the gradients too" in problem, problem


def test_bytes_prediction_measured_in_the_answer_cell_is_named():
    """Issue 38, round 13: the answer cell reading ex09.measured_bytes, or stepping a ZeroTrainer and reading its
    resident bytes, kept its points (the measured number): the trainer's entry points are watched while the cell
    that sets predicted_bytes runs; arithmetic keeps its points."""
    stem = blind.stem("09")
    problem = blind.grade(stem, "q1", "predicted_bytes = ex09.measured_bytes(IN_DIM, HIDDEN, OUT_DIM, NUM_REPLICAS, 2)")
    assert "ex09.measured_bytes" in problem and "worked out before running anything, not measured" in problem
    assert blind.grade(stem, "q1", f"predicted_bytes = {4 * PSI + 12 * PADDED // 4}") is None


def test_shard_ranges_one_list_refilled_by_every_call_is_named():
    """Issue 38, round 13: one module-level list cleared and refilled by every call crashed the check (max() of an
    empty sequence); a new list each call that empties the one it handed out before is named too."""
    buffer, last = [], []

    def refilled(size, n):
        buffer[:] = _ceil_ranges(size, n)[1]
        return -(-size // n) * n, buffer

    def empties_the_last(size, n):
        for old in last:
            old.clear()
        padded, ranges = _ceil_ranges(size, n)
        last[:] = [ranges]
        return padded, ranges

    assert "the list of the first call is kept (a cache)" in ex09.check_shard_ranges(refilled, PUBLIC_Q2).problem
    problem = ex09.check_shard_ranges(empties_the_last, PUBLIC_Q2).problem
    assert "changed the list the first call returned" in problem and "each call returns a new list" in problem


def test_zero1_step_a_buffer_reused_by_every_call_is_named():
    """Issue 38, round 13: the moments written into a module-level buffer reused by every call kept its points (a
    call for another state overwrites them); step 1 is followed by a call for an independent state."""
    right = _step()
    scratch = {}

    def reused(weights, grads, m, v, t, lr):
        weights, m, v = right(weights, grads, m, v, t, lr)
        buf = scratch.setdefault(len(m), ([np.zeros(len(m[0])) for _ in m], [np.zeros(len(m[0])) for _ in m]))
        for r in range(len(m)):
            buf[0][r][:], buf[1][r][:] = m[r], v[r]
        return weights, list(buf[0]), list(buf[1])

    problem = ex09.check_zero1_step(reused).problem
    assert "a call for another state changed replica 0's first moment" in problem, problem
    assert "no state kept between calls" in problem
    assert ex09.check_zero1_step(right).passed


# --------------------------------------------------------------------------- round 14 (issue 38)

_R14_CACHE: dict = {}


def _module_cache(size, n):  # planted: every result kept in a module-level dict, copies handed out
    key = (size, n)
    if key not in _R14_CACHE:
        _R14_CACHE[key] = _ceil_ranges(size, n)
    padded, ranges = _R14_CACHE[key]
    return padded, list(ranges)


def _default_memo(size, n, _memo={}):  # planted: the same in a mutable default argument
    if (size, n) not in _memo:
        _memo[size, n] = _ceil_ranges(size, n)[1]
    return _memo[size, n][-1][1], _memo[size, n][:]


@pytest.mark.parametrize("answer, says", [(_module_cache, "module-level '_R14_CACHE'"),
                                          (_default_memo, "default argument '_memo'")])
def test_shard_ranges_results_kept_in_a_dict_or_a_default_argument_are_named(answer, says):
    """Issue 38, round 14: every result kept (a module-level dict, a mutable default argument) and copies handed
    out kept its points (each caller's list was its own); the shared kept_state, with defaults=True, names it."""
    _R14_CACHE.clear()
    problem = ex09.check_shard_ranges(answer, PUBLIC_Q2).problem
    assert says in problem and "keeps nothing between calls" in problem, problem
    assert ex09.check_shard_ranges(_ceil_ranges, PUBLIC_Q2).passed


_R14_LOG: list = []


def _r14_variant(kind):
    right = _step()

    def zero1_step(weights, grads, m, v, t, lr):
        if kind == "pop":  # planted: the caller's list emptied (its arrays untouched)
            total = grads.pop(0) + 0.0
            while grads:
                total = total + grads.pop()
            grads = [total]
        if kind == "upcast":  # planted: the caller's list refilled with float64 copies
            grads[:] = [g.astype(np.float64) for g in grads]
        weights, m, v = right(weights, grads, m, v, t, lr)
        if kind == "stack":  # planted: every replica's weights a row of one 2-D array
            weights = list(np.stack(weights))
        if kind == "split":  # planted: the moments np.split pieces of one concatenation
            m, v = np.split(np.concatenate(m), len(m)), np.split(np.concatenate(v), len(v))
        if kind == "log":  # planted: a module-level log of every step's weights
            _R14_LOG.append([w.copy() for w in weights])
        return weights, m, v

    return zero1_step


@pytest.mark.parametrize("kind, says", [
    ("pop", "the caller's grads list holds 0 entries of 4"),
    ("upcast", "other arrays than it was given"),
    ("stack", "replicas 0 and 1's weights are views of one common array"),
    ("split", "replicas 0 and 1's m are views of one common array"),
    ("log", "changed module-level '_R14_LOG'"),
])
def test_zero1_step_grads_list_shared_bases_and_a_log_are_named(kind, says):
    """Issue 38, round 14 (the lead's rulings): the caller's grads list keeps its length and its very arrays; each
    replica's weights and moments are arrays of their own (no common base); nothing is kept between calls."""
    problem = ex09.check_zero1_step(_r14_variant(kind)).problem
    assert problem and says in problem, problem
    assert ex09.check_zero1_step(_step(gather=True)).passed


def test_zero1_step_one_replica_moment_behind_a_larger_array_is_named():
    """Issue 38, round 14: with one replica there is no second array to share a base with; a moment that is a
    slice of anything larger than itself is named (no full-size moment behind a slice)."""
    right = _step(gather=True)

    def one_buffer(weights, grads, m, v, t, lr):  # planted: m and v the two halves of one array
        weights, m, v = right(weights, grads, m, v, t, lr)
        both = np.concatenate([m[0], v[0]])
        return weights, [both[:5]], [both[5:]]

    problem = ex09.check_zero1_step(one_buffer, num_replicas=1, size=5, steps=1).problem
    assert "is a view of a 10-value array" in problem and "owns its data" in problem, problem


# --------------------------------------------------------------------------- issue 38, round 15
import functools as _functools  # noqa: E402


@_functools.lru_cache(maxsize=None)
def _r15_cut(size, n):
    padded, ranges = _ceil_ranges(size, n)
    return padded, tuple(ranges)


def _r15_lru(size, n):  # planted: q2_wrong_r15_lru_helper (the cache in a helper, a new list per call)
    padded, ranges = _r15_cut(size, n)
    return padded, list(ranges)


def _r15_memo_cut(size, n, _memo={}):
    if (size, n) not in _memo:
        _memo[size, n] = _ceil_ranges(size, n)
    return _memo[size, n]


def _r15_default(size, n):  # planted: q2_wrong_r15_helper_default_memo (a helper's default argument)
    padded, ranges = _r15_memo_cut(size, n)
    return padded, list(ranges)


class _R15Planner:
    def __init__(self):
        self.seen = {}

    def __call__(self, size, n):
        return self.seen.setdefault((size, n), _ceil_ranges(size, n))


_R15_PLANNER = _R15Planner()


def _r15_object(size, n):  # planted: q2_wrong_r15_class_cache (a dict held by a module-level object)
    padded, ranges = _R15_PLANNER(size, n)
    return padded, list(ranges)


def _r15_pure_helper(size, n):  # right: a helper that keeps nothing
    return _ceil_ranges(size, n)


@pytest.mark.parametrize("answer, says", [(_r15_lru, "the functools cache of '_r15_cut'"),
                                          (_r15_default, "default argument '_memo' (in helper '_r15_memo_cut')"),
                                          (_r15_object, "attribute 'seen' of the notebook's '_R15_PLANNER'")])
def test_shard_ranges_a_cache_in_a_helper_is_named(answer, says):
    """Issue 38, round 15: the cache moved into a helper the function calls; kept_state(helpers=True) reads it."""
    _r15_cut.cache_clear()
    _r15_memo_cut.__defaults__[0].clear()
    _R15_PLANNER.seen.clear()
    problem = ex09.check_shard_ranges(answer, PUBLIC_Q2).problem
    assert problem and says in problem and "keeps nothing between calls" in problem, problem
    assert ex09.check_shard_ranges(_r15_pure_helper, PUBLIC_Q2).passed


def _r15_variant(kind):
    right = _step(gather=True)

    def zero1_step(weights, grads, m, v, t, lr):
        for g in grads:
            if kind == "negzero":  # planted: q3_wrong_r15_negzero
                g += 0.0
            if kind == "nan_guard":  # planted: q3_wrong_r15_nan_guard_inplace
                np.nan_to_num(g, copy=False)
            if kind == "flag":  # planted: q3_wrong_r15_grads_flag
                g.flags.writeable = False
        if kind == "clip":  # planted: q3_wrong_r15_clip_total_1e4 (the summed gradient clipped)
            grads = [np.clip(sum(grads), -1e4, 1e4)] + [np.zeros_like(g) for g in grads[1:]]
        if kind == "zeroed":  # planted: q3_wrong_r15_nonfinite_zeroed
            total = sum(grads)
            grads = [np.where(np.isfinite(total), total, 0.0)] + [np.zeros_like(g) for g in grads[1:]]
        return right(weights, grads, m, v, t, lr)

    return zero1_step


@pytest.mark.parametrize("kind, kwargs, says", [
    ("negzero", {}, "the caller's grads[0], holding a -0.0 or a NaN, came back with other bytes"),
    ("nan_guard", {}, "the caller's grads[3], holding a -0.0 or a NaN, came back with other bytes"),
    ("flag", {}, "the caller's grads[0] came back read-only"),
    ("clip", dict(num_replicas=3, size=9, steps=2, seed=5, lr=0.1, grad_scale=1e6),
     "replica 0's slice of Adam's first moment differs from plain Adam's on the summed gradient"),
    ("zeroed", {}, "with a NaN in replica 3's gradient of weight 11 (its summed gradient NaN), replica 3's Adam "
                   "moments there came back finite"),
])
def test_zero1_step_grads_bytes_flags_large_and_nan_gradients(kind, kwargs, says):
    """Issue 38, round 15 (the lead's rulings): grads each as it was (a -0.0 and a NaN in the second call's, compared
    byte for byte, and the write flags), plain Adam with gradients of 1e6 (a clip shows in the moments) and with a
    NaN gradient (NaN moments)."""
    problem = ex09.check_zero1_step(_r15_variant(kind), **kwargs).problem
    assert problem and says in problem and "the rule" in problem, problem
    assert ex09.check_zero1_step(_step(gather=True), **kwargs).passed


# --------------------------------------------------------------------------- issue 38, round 16


def _r16_int64(size, n):  # planted: q2_wrong_r16_int64_wraps (numpy int64 arithmetic wraps past 2**63 - 1)
    size, n = np.int64(size), np.int64(n)
    piece = (size + n - np.int64(1)) // n
    return piece * n, [(np.int64(r) * piece, np.int64(r + 1) * piece) for r in range(int(n))]


def test_shard_ranges_int64_wrapping_near_2_63_is_named():
    """Issue 38, round 16 (the lead's ruling: "a size beyond 2**53" asks exact counts at any size): (2**63 - 1, 2)
    pads to 2**63, one past int64's largest."""
    with np.errstate(over="ignore"):
        problem = ex09.check_shard_ranges(_r16_int64, [(9, 2), (2 ** 63 - 1, 2)]).problem
    assert problem and "numpy's int64 wraps past 2**63 - 1" in problem and "the rule" in problem, problem
    assert ex09.check_shard_ranges(_ceil_ranges, [(9, 2), (2 ** 63 - 1, 2)]).passed


def _r16_variant(kind):
    right = _step(gather=True)

    def zero1_step(weights, grads, m, v, t, lr):
        if kind == "clip":  # planted: q3_wrong_r16_huge_clip (the summed gradient's norm clipped at 1e9)
            total = sum(grads)
            norm = float(np.sqrt(np.sum(total ** 2)))
            grads = [total * min(1.0, 1e9 / norm)] + [np.zeros_like(g) for g in grads[1:]]
        if kind == "warmup":  # planted: q3_wrong_r16_bias_correction_off (no bias correction after 1000 steps)
            return right(weights, grads, m, v, 10 ** 9 if t > 1000 else t, lr)
        return right(weights, grads, m, v, t, lr)

    return zero1_step


@pytest.mark.parametrize("kind, kwargs, says", [
    ("clip", dict(num_replicas=3, size=9, steps=2, seed=5, lr=0.1, grad_scale=1e18),
     "times Adam's on the summed gradient at step 1: the summed gradient was scaled down"),
    ("warmup", dict(num_replicas=1, size=5, steps=2, seed=9, first_step=1500),
     "(t = 1500: the bias correction sqrt(1 - 0.999**t) is still 0.881"),
])
def test_zero1_step_a_clip_at_1e9_and_a_bias_correction_dropped_at_large_t(kind, kwargs, says):
    """Issue 38, round 16 (the lead's rulings): gradients of about 1e18 (the largest float32 Adam allows: v = g**2
    finite), and steps from t = 1500 (the bias correction still 0.88)."""
    problem = ex09.check_zero1_step(_r16_variant(kind), **kwargs).problem
    assert problem and says in problem and "the rule" in problem, problem
    for answer in (_step(gather=True), _adam_written_differently):
        report = ex09.check_zero1_step(answer, **kwargs)
        assert report.passed, report.problem


# --------------------------------------------------------------------------- issue 38, round 17


def test_bytes_prediction_measured_through_a_thread_pool_is_named():
    """Issue 38, round 17 (planted: q1_wrong_r17_pool_measure): ex09.measured_bytes handed straight to a
    ThreadPoolExecutor runs on a worker thread that runs no notebook code; it is noted against the main thread's cell."""
    stem = blind.stem("09")
    problem = blind.grade(stem, "q1", "import concurrent.futures as cf\nwith cf.ThreadPoolExecutor(1) as ex:\n"
                                      "    predicted_bytes = ex.submit(ex09.measured_bytes, IN_DIM, HIDDEN, OUT_DIM, "
                                      "NUM_REPLICAS, 2).result()")
    assert problem and "ex09.measured_bytes" in problem and "worked out before running anything" in problem, problem


def test_shard_ranges_a_cache_on_an_imported_module_is_named():
    """Issue 38, round 17 (planted: q2_wrong_r17_copy_cache_foreign: a dict set on the numpy module, copies handed
    out): the containers on the modules the function names, before and after each call."""
    def cached(size, n):
        memo = np.__dict__.setdefault("_test_r17_memo", {})
        if (size, n) not in memo:
            memo[(size, n)] = _ceil_ranges(size, n)
        return memo[(size, n)][0], list(memo[(size, n)][1])

    try:
        problem = ex09.check_shard_ranges(cached, [(10, 4), (7, 3)]).problem
    finally:
        np.__dict__.pop("_test_r17_memo", None)
    assert problem and "added numpy._test_r17_memo during the call" in problem and "the rule: no cache" in problem
    assert ex09.check_shard_ranges(_ceil_ranges, [(10, 4), (7, 3)]).passed


def test_zero1_step_grads_written_and_put_back_is_named():
    """Issue 38, round 17 (planted: q3_wrong_r17_grads_scratch_restored: the sum built in grads[0], its bytes put back
    after): step 1's first call has read-only gradients."""
    right = _step(gather=True)

    def scratch(weights, grads, m, v, t, lr):
        saved = grads[0].copy()
        for g in grads[1:]:
            grads[0] += g
        total = grads[0].copy()
        grads[0][...] = saved
        return right(weights, [total] + [np.zeros_like(g) for g in grads[1:]], m, v, t, lr)

    problem = ex09.check_zero1_step(scratch).problem
    # round 23: the write is seen first in the call whose grads note their writes (_WriteWatched)
    assert problem and ("wrote into the caller's grads, read-only in this call" in problem
                        or "wrote into the caller's grads[0] during the call" in problem), problem
    assert "the rule: grads is only read, not even written for a while" in problem
    assert ex09.check_zero1_step(right).passed


def test_zero1_step_a_write_into_grads_put_back_is_seen_without_a_race():
    """Issue 38, round 23 (q3_wrong_r23_borrow_{always,grad0}: the sum built in the caller's grads[0] only when it is
    a writable float32 array shared with no other entry, its bytes put back): B's grads[0] is float32 and every array
    of B notes a write into its memory (np.copyto here, another way than the blind files' +=)."""
    right = _step(gather=True)

    def borrow(weights, grads, m, v, t, lr):
        g0 = grads[0]
        if g0.flags.writeable and g0.dtype == np.float32:
            saved = g0.copy()
            np.copyto(g0, sum(grads))
            total = g0.astype(np.float64)
            g0[...] = saved
            return right(weights, [total] + [np.zeros(g.shape) for g in grads[1:]], m, v, t, lr)
        return right(weights, grads, m, v, t, lr)

    problem = ex09.check_zero1_step(borrow).problem
    assert problem and "wrote into the caller's grads[0] during the call (np.copyto" in problem, problem


def test_zero1_step_a_thread_pool_left_running_is_named():
    """Issue 38, round 23 (q3_wrong_r23_pool_at_import): a pool made outside the step, its threads started by the first
    call and left running, is state; one shut down by a `with` block inside the step is not."""
    import concurrent.futures

    right = _step(gather=True)
    pool = concurrent.futures.ThreadPoolExecutor(2)

    def pooled(weights, grads, m, v, t, lr):
        return pool.submit(right, weights, grads, m, v, t, lr).result()

    def joined(weights, grads, m, v, t, lr):
        with concurrent.futures.ThreadPoolExecutor(2) as inner:
            return inner.submit(right, weights, grads, m, v, t, lr).result()

    try:
        problem = ex09.check_zero1_step(pooled).problem
    finally:
        pool.shutdown()
    assert problem and "thread(s) it started were still running" in problem and "the rule" in problem, problem
    assert ex09.check_zero1_step(joined).passed


# --------------------------------------------------------------------------- issue 38, round 18


def test_bytes_prediction_a_fraction_is_named():
    """Issue 38, round 18 (planted: q1_wrong_r18_fraction, Fraction(16876)): the standing ruling for every count: an
    int, a numpy int or a whole float; a Fraction stays wrong."""
    from fractions import Fraction

    expected = 4 * PSI + 12 * PADDED // 4
    problem = ex09.check_bytes_prediction(Fraction(expected)).problem
    assert problem and "the rule: a count of bytes is one whole number" in problem, problem
    for right in (expected, float(expected), np.int64(expected), np.float64(expected)):
        assert ex09.check_bytes_prediction(right).passed


def _r18_variant(kind):
    right = _step(gather=True)

    def zero1_step(weights, grads, m, v, t, lr):
        new_w, new_m, new_v = right(weights, grads, m, v, t, lr)
        if kind == "masked":  # planted: q3_wrong_r18_where_v_pos (np.divide(..., where=v > 0): a finite weight)
            new_w = [np.nan_to_num(w, nan=0.0) for w in new_w]
        if kind == "bounded":  # planted: q3_wrong_r18_fmax_bound (np.fmax/np.fmin drop the NaN: -1e30)
            new_w = [np.fmin(np.fmax(w, -1e30), 1e30) for w in new_w]
        if kind == "read_only":  # planted: q3_wrong_r18_tmp_readonly (np.frombuffer of bytes)
            new_w = [np.frombuffer(w.tobytes(), dtype=w.dtype) for w in new_w]
        return new_w, new_m, new_v

    return zero1_step


@pytest.mark.parametrize("kind, says", [
    ("masked", "replica 0's weight 11 came back 0, not NaN"),
    ("bounded", "replica 0's weight 11 came back -1e+30, not NaN"),
    ("read_only", "returned replica 0's weights read-only"),
])
def test_zero1_step_a_nan_gradient_s_weight_and_read_only_state_are_named(kind, says):
    """Issue 38, round 18 (the lead's rulings): a NaN gradient gives NaN weights there on every replica, as plain Adam
    (the moments alone NaN kept a masked or bounded update in); the returned state is what the next step updates, in
    place or as new arrays: writable."""
    problem = ex09.check_zero1_step(_r18_variant(kind)).problem
    assert problem and says in problem and "the rule" in problem, problem
    assert ex09.check_zero1_step(_step(gather=True)).passed


def test_q1_round22_a_number_whose_class_decides_what_it_equals_is_named():
    """Issue 38, round 22 (blind: q1_wrong_eq_int, an int subclass whose == says yes within 8 bytes, holding the
    unpadded 16 870): every predicted number goes through ``number_problem``, which takes plain ints, floats,
    Fractions and NumPy scalars only. Planted bug it catches: the subclass rule left to each check (09's had none)."""
    expected = ex09.check_bytes_prediction(0).details["measured"]
    near = type("Near", (int,), {"__eq__": lambda self, other: abs(int(self) - int(other)) <= 8,
                                 "__hash__": int.__hash__})(expected - 6)
    report = ex09.check_bytes_prediction(near)
    assert not report.passed and "a Near, a subclass of int" in report.problem, report.problem
    assert "plain number (an int or a float)" in report.problem
    for plain in (expected, np.int64(expected), float(expected)):
        assert ex09.check_bytes_prediction(plain).passed, type(plain)


# --------------------------------------------------------------------------- issue 38, round 22, exercise 09 q3


def _r22_variant(kind):
    right = _step(gather=True)

    def zero1_step(weights, grads, m, v, t, lr):
        if kind in ("write_restore", "write_restore_plain"):  # planted: q3_wrong_r22_write_restore (a running sum in
            # grads[0], put back); round 23: "plain" writes through a plain ndarray view, which B's arrays do not see
            acc, flag = grads[0], grads[0].flags.writeable
            acc.flags.writeable, saved = True, acc.copy()
            into = acc.view(np.ndarray) if kind == "write_restore_plain" else acc
            for g in grads[1:]:
                np.add(into, g, out=into)
            total = into.copy()
            into[...], acc.flags.writeable = saved, flag
            return right(weights, [total] + [np.zeros_like(g) for g in grads[1:]], m, v, t, lr)
        if kind == "normalised":  # planted: q3_wrong_r22_grads_normalised (float16 entries replaced in the list)
            for i, g in enumerate(grads):
                if g.dtype == np.float16:
                    grads[i] = g.astype(np.float32)
        if kind == "clip_n1" and len(grads) == 1 and np.nanmax(np.abs(grads[0])) > 1.8e19:
            np.clip(grads[0], -1.8e19, 1.8e19, out=grads[0])  # planted: q3_wrong_r22_clip_overflow_n1
        new_w, new_m, new_v = right(weights, grads, m, v, t, lr)
        if kind == "bytearray":  # planted: q3_wrong_r22_shared_bytearray (windows of one bytearray)
            arena, k = bytearray(new_w[0].nbytes * len(new_w)), new_w[0].nbytes
            new_w = [np.frombuffer(memoryview(arena)[r * k:(r + 1) * k], dtype=w.dtype) for r, w in enumerate(new_w)]
            for w, src in zip(new_w, right(weights, grads, m, v, t, lr)[0]):
                w[:] = src
        if kind == "f16_moments":  # planted: q3_wrong_r22_moments_f16_store
            new_m = [a.astype(np.float16) for a in new_m]
        return new_w, new_m, new_v

    return zero1_step


@pytest.mark.parametrize("kind, kwargs, says", [
    # round 23: seen first by B's write-noting arrays (_WriteWatched), before the aliased read-only call
    ("write_restore", {}, "wrote into the caller's grads[0] during the call"),
    ("write_restore_plain", {}, "wrote into grads during the call"),  # the aliased read-only call (round 22)
    ("normalised", {}, "the caller's list keeps its length and its very arrays"),
    ("clip_n1", dict(num_replicas=1, size=5, steps=2, seed=9, first_step=1500), "came back with other bytes"),
    ("bytearray", {}, "live in one common buffer (bytearray"),
    ("f16_moments", {}, "returned replica 0's m as float16"),
])
def test_zero1_step_round22_grads_written_for_a_while_float16_and_one_buffer_are_named(kind, kwargs, says):
    """Issue 38, round 22 (blind, kept their points): the read-only call hands one array as grads[0] and grads[-1] (a
    sum kept in grads[0] for a while shows); B's grads hold a float16 array, and with one replica a gradient of 1e20;
    the probes run on the first step at t = 1500 too; float16 state and replicas' weights in one bytearray are named."""
    problem = ex09.check_zero1_step(_r22_variant(kind), **kwargs).problem
    assert problem and says in problem and "the rule" in problem, problem
    assert ex09.check_zero1_step(_step(gather=True), **kwargs).passed


# --------------------------------------------------------------------------- round 28 (issue 38)


def _disk_cached_ranges(folder):
    def shard_ranges(size, num_replicas):  # planted: q2_wrong_r28_disk_cache (earlier results in a JSON file)
        import json
        import os

        path = os.path.join(folder, "cache.json")
        table = json.load(open(path)) if os.path.exists(path) else {}
        table.setdefault(f"{size}/{num_replicas}", -(-size // num_replicas))
        with open(path, "w") as f:
            json.dump(table, f)
        piece = table[f"{size}/{num_replicas}"]
        return piece * num_replicas, [(r * piece, (r + 1) * piece) for r in range(num_replicas)]

    return shard_ranges


def _scratch_file_ranges(size, num_replicas):  # right: a temporary file written and gone before the call returns
    import tempfile

    with tempfile.NamedTemporaryFile("w+") as f:
        f.write(str(-(-size // num_replicas)))
        f.seek(0)
        piece = int(f.read())
    return piece * num_replicas, [(r * piece, (r + 1) * piece) for r in range(num_replicas)]


def _decimal_ranges(size, num_replicas):  # planted: q2_wrong_r28_decimal_big_local_prec
    import decimal

    with decimal.localcontext() as ctx:
        ctx.prec, ctx.Emax = 100_000, decimal.MAX_EMAX
        piece = int(decimal.Decimal(size) // num_replicas) + (1 if size % num_replicas else 0)
    return piece * num_replicas, [(r * piece, (r + 1) * piece) for r in range(num_replicas)]


def _narrow_ranges(size, n):  # planted: q2_wrong_r28_min_scalar_type (uint8 for 250: 64 slices of 4 make 256)
    kind = np.min_scalar_type(max(size, n)).type
    piece = kind(-(-size // n))
    with np.errstate(over="ignore"):
        return piece * kind(n), [(kind(r) * piece, kind(r + 1) * piece) for r in range(n)]


def test_shard_ranges_round28_a_file_cache_sizes_past_10_100000_and_64_replicas_are_named(tmp_path):
    """Issue 38, round 28: a cache kept in a file (the files the call opens, still there after it), a decimal context of
    10**5 digits on 2**524288 + 1 (the call label shown without str(): past 4300 digits it raises), uint8 indices for
    (250, 64). A scratch file gone before the call returns is no cache."""
    problem = ex09.check_shard_ranges(_disk_cached_ranges(str(tmp_path)), PUBLIC_Q2).problem
    assert "shard_ranges(10, 4)" in problem and "cache.json" in problem and "no cache, in a file either" in problem
    assert ex09.check_shard_ranges(_scratch_file_ranges, PUBLIC_Q2).passed
    huge = [(2 ** 2 ** 19 + 1, 3)]
    assert ex09.check_shard_ranges(_ceil_ranges, huge).passed
    problem = ex09.check_shard_ranges(_decimal_ranges, huge).problem
    assert "shard_ranges(259637... (about 157827 digits), 3) raised" in problem and "10**100000" in problem, problem
    problem = ex09.check_shard_ranges(_narrow_ranges, [(250, 64)]).problem
    assert "uint8 cannot hold 256" in problem, problem


def _owner_from_replica0(weights, grads, m, v, t, lr):  # planted: q3_wrong_r28_owner_slice_from_replica0
    w = [weights[0].copy() for _ in weights]
    return _step()(w, grads, m, v, t, lr)


def _f16_sum(weights, grads, m, v, t, lr):  # planted: q3_wrong_r28_float16_sum (the colleague's sum(grads))
    return _step()(weights, [sum(grads)] + [np.zeros_like(g) for g in grads[1:]], m, v, t, lr)


def _file_counter(folder):
    def zero1_step(weights, grads, m, v, t, lr):  # planted: q3_wrong_r28_disk_step_counter (a file, t ignored)
        import os

        path = os.path.join(folder, "step.txt")
        with open(path, "a") as f:
            f.write("x")
        return _step()(weights, grads, m, v, t, lr)

    return zero1_step


R28 = dict(num_replicas=4, size=8, steps=2, seed=11, grads_dtype="float16", apart=True)  # the hidden case


@pytest.mark.parametrize("kind, kwargs, says", [
    ("replica0", R28, "replica 1's slice 1 is replica 0's copy's slice 1 updated, not its owner's"),
    ("f16_sum", R28, "float16 gradients are summed in float32 or float64"),
    ("file", {}, "no cache, in a file either"),
])
def test_zero1_step_round28_another_copy_s_slice_a_float16_sum_and_a_file_are_named(kind, kwargs, says, tmp_path):
    """Issue 38, round 28 (blind, kept their points): each slice updated from replica 0's copy (equal replicas hid it:
    the hidden case starts them apart), float16 gradients on every replica summed in float16 (the solution sums in
    float64 now), a step count kept in a file."""
    answer = {"replica0": _owner_from_replica0, "f16_sum": _f16_sum, "file": _file_counter(str(tmp_path))}[kind]
    problem = ex09.check_zero1_step(answer, **kwargs).problem
    assert problem and says in problem and "the rule" in problem, problem
