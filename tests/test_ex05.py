"""Exercise 05's checks: each passes the solution, says "not solved yet" for the stub, and names the
symptom of the classic wrong answers (references: gpukit.parallel schedules, numpy, one GradientTape)."""

import numpy as np
import pytest

import blind

from gpukit import keras, tf
from gpukit.course.exercises import ex05

# ---------------------------------------------------------------- q1: the bubble prediction


def _by_formula(p, target):
    """Independent of the simulation: the smallest m with (p-1)/(m+p-1) <= target, in fractions."""
    from fractions import Fraction

    t = Fraction(target).limit_denominator(10_000)
    return next(m for m in range(1, 100_000) if Fraction(p - 1, m + p - 1) <= t)


@pytest.mark.parametrize("p, target", [(4, 0.18), (2, 0.06), (6, 0.3), (1, 0.1), (4, 0.2)])
def test_fewest_micro_batches_simulated_equals_the_formula(p, target):
    assert ex05.fewest_micro_batches(p, target) == _by_formula(p, target)


def test_micro_batches_prediction_right_other_forms_stub_and_classic_wrong_answers():
    assert ex05.check_micro_batches_prediction(14, 4, 0.18).passed
    assert ex05.check_micro_batches_prediction(14.0, 4, 0.18).passed          # a float with a whole value
    assert ex05.check_micro_batches_prediction(np.int64(14), 4, 0.18).passed
    assert "not solved yet" in ex05.check_micro_batches_prediction(..., 4, 0.18).problem
    assert "whole number of micro-batches" in ex05.check_micro_batches_prediction(13.67, 4, 0.18).problem
    assert "one number" in ex05.check_micro_batches_prediction("14", 4, 0.18).problem
    # the idle ticks divided by the busy ticks (p-1)/m <= t: m = 17, not the fewest
    assert "the question asks for the fewest" in ex05.check_micro_batches_prediction(17, 4, 0.18).problem
    # ceil of (p-1)(1-t)/t rounded down, or (p-1)/p forgotten: 13 idles 18.75%
    assert "idles 18.8% of the time, more than 18%" in ex05.check_micro_batches_prediction(13, 4, 0.18).problem
    assert "must be a whole number" in ex05.check_micro_batches_prediction(0, 4, 0.18).problem


# ---------------------------------------------------------------- q2: 1F1B as data


def one_f_one_b(p, m):
    orders = []
    for s in range(p):
        warm = min(p - s - 1, m)
        order = [("F", i) for i in range(warm)]
        for i in range(m - warm):
            order += [("F", warm + i), ("B", i)]
        order += [("B", i) for i in range(m - warm, m)]
        orders.append(order)
    return orders


def schedule_stub(p, m):
    """Per stage, the order of its passes."""
    ...


@pytest.mark.parametrize("p, m", [(4, 8), (3, 5), (5, 2), (2, 1), (1, 3), (6, 6)])
def test_schedule_solution_passes(p, m):
    assert ex05.check_schedule(one_f_one_b, p, m).passed


def test_schedule_stub_and_wrong_answers():
    assert "not solved yet: one_f_one_b" in ex05.check_schedule(schedule_stub, 4, 8).problem
    gpipe = lambda p, m: [[("F", i) for i in range(m)] + [("B", i) for i in range(m)] for _ in range(p)]  # noqa: E731
    assert "keeps the activations of 8 micro-batches" in ex05.check_schedule(gpipe, 4, 8).problem
    no_warmup = lambda p, m: [[op for i in range(m) for op in (("F", i), ("B", i))] for _ in range(p)]  # noqa: E731
    assert "ticks instead of 22" in ex05.check_schedule(no_warmup, 4, 8).problem
    backward_first = lambda p, m: [[("B", 0), ("F", 0)] + [op for i in range(1, m) for op in (("F", i), ("B", i))]  # noqa: E731
                                   for _ in range(p)]
    assert "deadlocks" in ex05.check_schedule(backward_first, 3, 3).problem
    missing = lambda p, m: [order[:-1] for order in one_f_one_b(p, m)]  # noqa: E731
    assert "exactly once" in ex05.check_schedule(missing, 3, 3).problem
    assert "one per stage" in ex05.check_schedule(lambda p, m: one_f_one_b(p, m)[:-1], 3, 3).problem
    assert "(kind, micro) pairs" in ex05.check_schedule(lambda p, m: [1, 2, 3], 3, 3).problem


def test_schedule_stage_orders_are_lists_or_tuples():
    """Issue 38, round 14 (q2_wrong_r14_deque_stages): each stage's order a collections.deque (right passes, wrong
    type) fails naming the contract; tuples of tuples pass."""
    from collections import deque

    as_deques = ex05.check_schedule(lambda p, m: [deque(order) for order in one_f_one_b(p, m)], 4, 8)
    assert as_deques.problem == ("one_f_one_b(4, 8) returned a stage order as a deque: the contract is a list of p lists "
                                 "(or tuples) of passes"), as_deques.problem
    assert ex05.check_schedule(lambda p, m: tuple(tuple(order) for order in one_f_one_b(p, m)), 4, 8).passed


def test_micro_batches_prediction_simulated_with_depends_on_breaks_the_rule():
    """Issue 38, round 14 (q1_wrong_r14_depends_on_sim): the schedule simulated tick by tick with gpukit.parallel's
    ``depends_on`` in the cell that sets ``predicted_micro_batches`` is not a prediction."""
    from gpukit import parallel

    notebook = {"__name__": "__main__", "ex05": ex05, "parallel": parallel}
    blind._run("_deps = parallel.depends_on(parallel.Op(1, 'F', 0), 4)\npredicted_micro_batches = 14", notebook,
               "<round 14 q1 cell>")
    blind._run("report = ex05.check_micro_batches_prediction(predicted_micro_batches, 4, 0.18)", notebook,
               "<round 14 q1 check>")
    assert notebook["report"].problem.startswith("the cell that sets predicted_micro_batches runs depends_on"), \
        notebook["report"].problem


# ---------------------------------------------------------------- q3: the split pair


def split_pair(w1, b1, w2, d):
    h = w1.shape[1]
    if h % d:
        raise ValueError("not divisible")
    c = h // d
    return [(w1[:, k * c:(k + 1) * c], b1[k * c:(k + 1) * c], w2[k * c:(k + 1) * c]) for k in range(d)]


def split_stub(w1, b1, w2, d):
    """d shards."""
    raise NotImplementedError


@pytest.mark.parametrize("d, h, seed", [(2, 8, 0), (4, 12, 3), (3, 9, 1), (1, 4, 2)])
def test_split_solution_passes(d, h, seed):
    assert ex05.check_split(split_pair, d, in_dim=5, hidden=h, out_dim=7, seed=seed).passed


def test_split_stub_and_wrong_answers():
    assert "not solved yet: split_pair" in ex05.check_split(split_stub, 2).problem
    by_columns_twice = lambda w1, b1, w2, d: [(a, b, c) for a, b, c in zip(  # noqa: E731
        np.split(w1, d, axis=1), np.split(b1, d), np.split(w2, d, axis=1))]
    assert "shapes" in ex05.check_split(by_columns_twice, 2, out_dim=4).problem
    mismatched = lambda w1, b1, w2, d: [(a, b, c) for a, b, c in zip(  # noqa: E731
        np.split(w1, d, axis=1), np.split(b1, d), reversed(np.split(w2, d, axis=0)))]
    assert "differ from the unsplit pair" in ex05.check_split(mismatched, 2).problem
    uneven_ok = lambda w1, b1, w2, d: [(a, b, c) for a, b, c in zip(  # noqa: E731
        np.array_split(w1, d, axis=1), np.array_split(b1, d), np.array_split(w2, d, axis=0))]
    assert "instead of raising ValueError" in ex05.check_split(uneven_ok, 2).problem
    assert "2 triples" in ex05.check_split(lambda w1, b1, w2, d: split_pair(w1, b1, w2, d)[:1], 2).problem


_SHARDS: dict = {}  # round 14's planted cache


def test_split_cached_by_id_or_copied_with_plus_zero_breaks_the_contract():
    """Issue 38, round 14 (q3_wrong_r14_{id_cache,plus_zero_copy}): shards kept in a module-level dict (keyed by the
    arrays' id) keep state between calls; ``w + 0.0`` copies make w1's -0.0 a +0.0 (not the weights' own values to
    the bit); ``.copy()`` keeps it."""
    def cached(w1, b1, w2, d):
        return _SHARDS.setdefault((id(w1), id(b1), id(w2), d), split_pair(w1, b1, w2, d))

    plus_zero = lambda w1, b1, w2, d: [(a + 0.0, b + 0.0, c + 0.0) for a, b, c in split_pair(w1, b1, w2, d)]  # noqa: E731
    copied = lambda w1, b1, w2, d: [(a.copy(), b.copy(), c.copy()) for a, b, c in split_pair(w1, b1, w2, d)]  # noqa: E731
    assert ex05.check_split(copied, 2).passed
    assert ex05.check_split(cached, 2).problem.startswith("split_pair changed module-level '_SHARDS' during the call"), \
        ex05.check_split(cached, 2).problem
    assert "w1_k columns are not columns of w1 (a -0.0 made +0.0): each shard holds the pair's own values, unchanged (to " \
           "the bit)" in \
        ex05.check_split(plus_zero, 2).problem
    _SHARDS.clear()


# ---------------------------------------------------------------- q4: the stage-by-stage backward


def _pipeline_gradients(stages, devices, x, y, m, *, upstream_used=True, per_micro_mean=False, holder=None):
    loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction=None)
    n, size = len(x), len(x) // m
    total, sums = 0.0, [None] * len(stages)
    for i in range(m):
        h, kept = tf.constant(x[i * size:(i + 1) * size]), []
        for s, (stage, device) in enumerate(zip(stages, devices)):
            with tf.device(device), tf.GradientTape() as tape:
                tape.watch(h)
                out = stage(h, training=True)
                if s == len(stages) - 1:
                    out = tf.reduce_sum(loss_fn(y[i * size:(i + 1) * size], out)) / (size if per_micro_mean else n)
            kept.append((tape, h, out))
            h = out
        total += float(out)
        upstream = None
        for s in reversed(range(len(stages))):
            tape, h_in, out = kept[s]
            with tf.device(devices[s]):
                g = tape.gradient(out, stages[s].trainable_variables + [h_in],
                                  output_gradients=upstream if upstream_used else None)
            upstream = g[-1]
            sums[s] = g[:-1] if sums[s] is None else [a + b for a, b in zip(sums[s], g[:-1])]
        if holder is not None:  # round 27's planted bug: the last spent tape kept on an object outliving the call
            holder.tape = tape
    return total, [g for st in sums for g in st]


def pipeline_stub(stages, devices, x, y, m):
    """(loss, gradients)."""
    pass


@pytest.mark.parametrize("m, kwargs", [(4, {}), (2, dict(widths=(8, 12, 10, 12, 6), num_stages=4, batch=8, seed=4)),
                                       (1, dict(widths=(10, 6, 4), num_stages=2, batch=6, seed=9))])
def test_pipeline_gradients_solution_passes(m, kwargs):
    report = ex05.check_pipeline_gradients(_pipeline_gradients, m=m, **kwargs)
    assert report.passed, report.problem


def test_pipeline_gradients_stub_and_wrong_answers():
    assert "not solved yet: pipeline_gradients" in ex05.check_pipeline_gradients(pipeline_stub, m=4).problem
    no_upstream = lambda *a: _pipeline_gradients(*a, upstream_used=False)  # noqa: E731  (the notebook's bug)
    problem = ex05.check_pipeline_gradients(no_upstream, m=4).problem
    assert "last stage's gradients are right but stage(s) [0, 1]" in problem and "output_gradients" not in problem
    assert "sent back" not in problem and "upstream" not in problem  # the symptom, not the fix (issue 28)
    micro_mean = lambda *a: _pipeline_gradients(*a, per_micro_mean=True)  # noqa: E731
    assert "4 x the unsplit" in ex05.check_pipeline_gradients(micro_mean, m=4).problem
    assert "(loss, gradients)" in ex05.check_pipeline_gradients(lambda *a: 3.0, m=2).problem
    short = lambda *a: (_pipeline_gradients(*a)[0], _pipeline_gradients(*a)[1][:-1])  # noqa: E731
    assert "one per variable of each stage's trainable_variables" in ex05.check_pipeline_gradients(short, m=2).problem


_SEEN: list = []  # round 13's planted answer keeps activations here, through a helper


def test_pipeline_gradients_numpy_copies_kept_after_the_call():
    """Issue 38, round 13 (q4_wrong_r13_{numpy_activations_kept,grads_numpy_global}; the shared ``numpy_kept``): the
    right loop passes; one that keeps every stage's output as a NumPy copy in a module-level list fails naming the
    rule (no tensor outlives the call, so the weak references see nothing)."""
    class Copying:
        def __init__(self, stage):
            self.stage = stage

        def __call__(self, h, **kwargs):
            out = self.stage(h, **kwargs)
            _SEEN.append(out.numpy())
            return out

        def __getattr__(self, name):
            return getattr(self.stage, name)

    def keeps(stages, devices, x, y, m):
        return _pipeline_gradients([Copying(s) for s in stages], devices, x, y, m)

    assert ex05.check_pipeline_gradients(_pipeline_gradients, m=2).passed
    problem = ex05.check_pipeline_gradients(keeps, m=2).problem
    _SEEN.clear()
    assert problem.startswith("the numbers are right, but after pipeline_gradients returned, ") and (
        "bytes of NumPy arrays made during the call were still allocated" in problem
        and "no tape or activation of a call is held once it has returned" in problem), problem


def _one_tape_whole_batch(stages, devices, x, y, m):
    """Issue 28's false positive: one GradientTape over the unsplit model on the whole batch."""
    loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
    with tf.GradientTape() as tape:
        h = tf.constant(x)
        for stage in stages:
            h = stage(h, training=True)
        loss = loss_fn(y, h)
    return float(loss), tape.gradient(loss, [v for st in stages for v in st.trainable_variables])


def _persistent_tape_per_micro_batch(stages, devices, x, y, m):
    """A correct alternative: per micro-batch, the stages' forward under their devices on one
    persistent tape, the backward stage by stage from the last, gradients summed in numpy."""
    loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction=None)
    n, size = len(x), len(x) // m
    total, sums = 0.0, None
    for xb, yb in zip(np.split(x, m), np.split(y, m)):
        outs = []
        with tf.GradientTape(persistent=True) as tape:
            h = tf.constant(xb)
            for stage, device in zip(stages, devices):
                with tf.device(device):
                    h = stage(h, training=True)
                outs.append(h)
            loss = tf.reduce_sum(loss_fn(yb, h)) / n
        total += float(loss)
        grads = []
        upstream = None
        for s in reversed(range(len(stages))):
            target = loss if s == len(stages) - 1 else outs[s]
            with tf.device(devices[s]):
                g = tape.gradient(target, stages[s].trainable_variables, output_gradients=upstream)
            grads = [gi.numpy() for gi in g] + grads
            if s:
                with tf.device(devices[s]):
                    upstream = tape.gradient(target, outs[s - 1], output_gradients=upstream)
        del tape
        sums = grads if sums is None else [a + b for a, b in zip(sums, grads)]
    assert size == len(xb)
    return total, sums


@pytest.mark.parametrize("m, kwargs", [(4, {}), (2, dict(widths=(8, 12, 10, 12, 6), num_stages=4, batch=8, seed=4))])
def test_pipeline_gradients_from_the_loss_each_time_runs_earlier_stages_off_their_device(m, kwargs):
    """Once taken for a correct alternative: one persistent tape per micro-batch, each stage's gradient
    asked for under its device. But the first ``tape.gradient`` (the last stage's, from the loss) runs the
    backward of every stage before it too, under the last stage's device: the numbers are right, the
    contract (each stage's backward on its own device) is not, and the work grows with stages squared."""
    report = ex05.check_pipeline_gradients(_persistent_tape_per_micro_batch, m=m, **kwargs)
    last = kwargs.get("num_stages", 3) - 1
    assert report.problem.startswith(f"the numbers are right, but stage 0's backward ran on CPU:{last}, not on "
                                     f"its own device /CPU:0"), report.problem


def test_pipeline_gradients_one_tape_on_the_whole_batch_breaks_the_contract():
    report = ex05.check_pipeline_gradients(_one_tape_whole_batch, m=4)
    assert not report.passed
    assert report.problem == ("the numbers are right, but stage 0 in pipeline_gradients saw 12 examples at once; the "
                              "contract is one micro-batch (3 examples) per pass, so that only a micro-batch is in "
                              "memory"), report.problem
    # m=1: the whole batch IS the micro-batch, but it runs under no stage's device: the forward (watched since
    # issue 38's third round) is named first, then its one tape.gradient
    report = ex05.check_pipeline_gradients(_one_tape_whole_batch, m=1, widths=(10, 6, 4), num_stages=2, batch=6, seed=9)
    assert report.problem.startswith("the numbers are right, but stage 1's forward pass ran on CPU:0, not on its own "
                                     "device /CPU:1"), report.problem


# --------------------------------------------------------------------------- blind answers (issue 38)


@pytest.mark.parametrize("path", blind.answers("05"), ids=lambda p: p.stem)
def test_blind_answers_lose_or_keep_their_points(path):
    """Answers written by someone who never saw the solution or these checks (tests/attacks/ex05),
    graded in-process by the question's public and hidden tests (tests/blind.py): each wrong one loses
    its question's points with a reason, each right one keeps them."""
    as_expected, message = blind.check_answer(path)
    assert as_expected, f"{path.name}: {message or 'kept its points'}"


# --------------------------------------------------------------------------- issue 38, round 15


def _as_notebook(path: str, name: str):
    """A kept blind answer's function, defined as a notebook cell defines it (globals named ``__main__``)."""
    import pathlib

    namespace = {"__name__": "__main__", "tf": tf, "keras": keras, "np": np}
    exec(compile(pathlib.Path(__file__).parent.joinpath("attacks", "ex05", path).read_text(), path, "exec"), namespace)
    return namespace[name]


def test_q2_numpy_indices_narrower_than_32_bits_are_named():
    def int16(p, m):
        return [[(k, np.int16(i)) for k, i in order] for order in _ref_orders(p, m)]

    problem = ex05.check_schedule(int16, 4, 8).problem
    assert "a micro-batch index is a int16" in problem and "a numpy integer of 32 bits or more" in problem, problem
    assert ex05.check_schedule(lambda p, m: [[(k, np.int32(i)) for k, i in o] for o in _ref_orders(p, m)], 4, 8).passed


def _ref_orders(p, m):
    orders = []
    for s in range(p):
        warm = min(p - s - 1, m)
        order = [("F", i) for i in range(warm)]
        for i in range(warm, m):
            order += [("F", i), ("B", i - warm)]
        orders.append(order + [("B", i) for i in range(m - warm, m)])
    return orders


@pytest.mark.parametrize("path, says", [
    ("q4_wrong_r15_float32_loss_sum.py", "pipeline_gradients returned the loss as a EagerTensor: the rule is the same "
                                         "return value"),
    ("q4_wrong_r15_keeps_last_tape_only.py", "the numbers are right, but pipeline_gradients changed attribute "
                                             "'last_tape' of the function"),
    ("q4_wrong_r15_loss_outside_device.py", "the numbers are right, but the gradient that reached the last stage's "
                                            "output was made on CPU:0, not on its device /CPU:2"),
])
def test_q4_round_15_planted_bugs_are_named(path, says):
    problem = ex05.check_pipeline_gradients(_as_notebook(path, "pipeline_gradients"), m=3).problem
    assert problem is not None and problem.startswith(says), problem


def test_q4_cross_entropy_of_clipped_probabilities_is_named():
    """Inputs x 10 (the hidden case): two examples' losses exceed -log(1e-7), where Keras clips probabilities."""
    case = dict(m=1, widths=(10, 6, 4), num_stages=2, batch=6, seed=9, devices=["/CPU:1", "/CPU:0"], x_scale=10.0)
    problem = ex05.check_pipeline_gradients(_as_notebook("q4_wrong_r15_probs_clipped_ce.py", "pipeline_gradients"),
                                            **case).problem
    assert problem.startswith("the loss is") and "cross-entropy of probabilities clipped to [1e-7" in problem, problem
    assert ex05.check_pipeline_gradients(_pipeline_gradients, **case).passed


# --------------------------------------------------------------------------- issue 38, round 16


def _cell(source: str) -> dict:
    """Run ``source`` as a notebook cell runs (globals named ``__main__``, its source in linecache: what the q1 watch
    reads to tell the answer cell), then the check in a cell of its own."""
    import linecache

    namespace = {"__name__": "__main__", "P": 4, "TARGET_BUBBLE": 0.18, "ex05": ex05}
    for cell in (source, "report = ex05.check_micro_batches_prediction(predicted_micro_batches, P, TARGET_BUBBLE)\n"):
        name = f"<round 16 cell {abs(hash(cell))}>"
        linecache.cache[name] = (len(cell), None, cell.splitlines(True), name)
        exec(compile(cell, name, "exec"), namespace)
    return namespace


def test_q1_a_step_time_of_gpukit_plan_is_named():
    """q1_wrong_r16_plan_step_time: the bubble read off gpukit.plan.plan's step time, searched over m."""
    bad = _cell("from gpukit import plan as _plan\n"
                "def _share(m):\n"
                "    p = _plan.plan(_plan.Model(layers=P, hidden=64, heads=4, seq=64, vocab=256),\n"
                "                   _plan.Cluster(accelerator=sorted(_plan.ACCELERATORS)[0], count=P),\n"
                "                   _plan.Layout(pp=P, micro_batch=1, global_batch=m))\n"
                "    return p.bubble_s / (p.compute_s + p.bubble_s)\n"
                "predicted_micro_batches = next(m for m in range(1, 100) if _share(m) <= TARGET_BUBBLE)\n")
    assert bad["report"].problem.startswith("the cell that sets predicted_micro_batches runs plan ("), bad["report"].problem
    right = _cell("predicted_micro_batches = next(m for m in range(1, 100) if (P - 1) / (m + P - 1) <= TARGET_BUBBLE)\n")
    assert right["report"].passed, right["report"].problem


def test_q2_a_warm_up_capped_at_7_fails_on_9_stages():
    def capped(p, m):
        return [[op for op in order] for order in _ref_orders(p, m)] if p < 9 else [
            [("F", i) for i in range(min(p - s - 1, m, 7))] + sum(
                ([("F", min(p - s - 1, m, 7) + i), ("B", i)] for i in range(m - min(p - s - 1, m, 7))), [])
            + [("B", i) for i in range(m - min(p - s - 1, m, 7), m)] for s in range(p)]

    problem = ex05.check_schedule(capped, 9, 64).problem
    assert problem.startswith("with one tick per pass the step takes 256 ticks instead of 144"), problem
    assert ex05.check_schedule(_ref_orders, 9, 64).passed


def _slices(w1, b1, w2, d):
    if w1.shape[1] % d:
        raise ValueError("d must divide h")
    c = w1.shape[1] // d
    return [(w1[:, k * c:(k + 1) * c], b1[k * c:(k + 1) * c], w2[k * c:(k + 1) * c]) for k in range(d)]


def test_q3_sixteen_devices_and_a_nan_weight():
    def at_most_8(w1, b1, w2, d):  # q3_wrong_r16_large_d_guard
        if d > 8:
            raise ValueError("at most 8 devices")
        return _slices(w1, b1, w2, d)

    def sanitized(w1, b1, w2, d):  # q3_wrong_r16_nan_to_num_inplace
        for a in (w1, b1, w2):
            np.nan_to_num(a, copy=False)
        return _slices(w1, b1, w2, d)

    case = dict(in_dim=5, hidden=32, out_dim=7, seed=7)
    assert "raised ValueError (at most 8 devices), but this split is valid" in ex05.check_split(at_most_8, 16, **case).problem
    problem = ex05.check_split(sanitized, 2).problem
    assert problem.startswith("split_pair changed the caller's w1 in place when it held NaN or inf"), problem
    assert ex05.check_split(_slices, 16, **case).passed and ex05.check_split(_slices, 2).passed


def test_q4_float64_gradients_are_named():
    problem = ex05.check_pipeline_gradients(_as_notebook("q4_wrong_r16_float64_grads.py", "pipeline_gradients"), m=3).problem
    assert problem.startswith("pipeline_gradients returned gradient 0 as float64, not float32: the rule is the "
                              "gradients of one GradientTape"), problem


# --------------------------------------------------------------------------- issue 38, round 17


def test_q1_the_simulator_run_on_a_tensorflow_thread_is_named():
    """q1_wrong_r17_py_function_thread: the search run inside tf.py_function (TensorFlow's own thread, no notebook frame
    on it): the watch notes a call from another thread against the cell the main thread runs."""
    bad = _cell("from gpukit import parallel\nimport tensorflow as tf\n"
                "@tf.function\n"
                "def _run():\n"
                "    return tf.py_function(lambda: tf.constant(next(m for m in range(1, 100) if parallel.make_schedule("
                "'gpipe', P, m).bubble() <= TARGET_BUBBLE), tf.int64), [], tf.int64)\n"
                "predicted_micro_batches = int(_run().numpy())\n")
    assert bad["report"].problem.startswith("the cell that sets predicted_micro_batches runs "), bad["report"].problem


@pytest.mark.parametrize("path, says", [
    ("q2_wrong_r17_recycle_previous_result.py", "one_f_one_b(4, 8): a second call changed the schedule the first call "
                                                "returned"),
    ("q2_wrong_r17_class_attr_history.py", "one_f_one_b changed attribute 'returned' of the notebook's class '_Log'"),
])
def test_q2_state_kept_between_calls_on_a_class_is_named(path, says):
    problem = ex05.check_schedule(_as_notebook(path, "one_f_one_b"), 4, 8).problem
    assert problem is not None and problem.startswith(says), problem
    assert ex05.check_schedule(_ref_orders, 4, 8).passed


def test_q3_nan_and_inf_kept_in_the_shards_and_a_class_cache_is_named():
    def sanitised(w1, b1, w2, d):  # q3_wrong_r17_nan_to_num
        return [tuple(np.nan_to_num(a) for a in shard) for shard in _slices(w1, b1, w2, d)]

    problem = ex05.check_split(sanitised, 2).problem
    assert problem.startswith("on a pair holding NaN and inf (a diverged layer), shard 0's w1_k columns are not "
                              "columns of w1"), problem
    problem = ex05.check_split(_as_notebook("q3_wrong_r17_shape_keyed_cache.py", "split_pair"), 2).problem
    assert problem.startswith("split_pair changed attribute 'memo' of the notebook's class '_Shards'"), problem
    assert ex05.check_split(_slices, 2).passed


def test_q4_activations_kept_on_a_class_attribute_are_named():
    problem = ex05.check_pipeline_gradients(_as_notebook("q4_wrong_r17_class_attr_tensor_copies.py",
                                                         "pipeline_gradients"), m=3).problem
    assert problem.startswith("the numbers are right, but pipeline_gradients changed attribute 'last' of the "
                              "notebook's class '_PipelineDebug'"), problem


def test_q4_a_thread_never_joined_is_named():
    """Stop 64 (as 09 q3 since round 26): a thread started and never joined is named even when it has ended by the time
    the call returns (a pool shut down with wait=False is either, by chance). Planted bug: the join watch taken out
    (only threads still running seen): this answer keeps its points."""
    import threading
    import time

    def unjoined(stages, devices, x, y, m):
        out = {}
        t = threading.Thread(target=lambda: out.setdefault("g", _pipeline_gradients(stages, devices, x, y, m)),
                             name="test-unjoined")
        t.start()
        deadline = time.monotonic() + 60
        while t.is_alive() and time.monotonic() < deadline:
            time.sleep(0.001)
        return out["g"]

    problem = ex05.check_pipeline_gradients(unjoined, m=2).problem
    assert problem and "still running or never joined (test-unjoined" in problem, problem


def test_q4_a_spent_tape_held_after_the_call_is_named():
    """Round 27 (q4_wrong_r27_tape_kept_on_stage: each tape set on the stage it was handed and left there): a tape
    whose gradient was taken holds no recording and no activation, and a plain object holding it is no container the
    state read sees; any GradientTape the call made still alive after it returned is named. Planted bug: that read
    taken out of ``check_pipeline_gradients``: this answer keeps its points."""
    import types

    holder = types.SimpleNamespace()
    problem = ex05.check_pipeline_gradients(lambda *a: _pipeline_gradients(*a, holder=holder), m=2).problem
    assert problem and "GradientTapes it made were still held" in problem, problem


# --------------------------------------------------------------------------- issue 38, round 29


def test_q3_a_cache_in_a_default_argument_is_named():
    """Round 29 (q3_wrong_r29_default_arg_cache: the shards memoized in ``_cache={}``, keyed by the arrays' ids): the
    function's mutable default arguments are read (``kept_state(..., defaults=True)``). Planted bug: ``defaults``
    taken out of ``check_split``: this answer keeps its points."""
    problem = ex05.check_split(_as_notebook("q3_wrong_r29_default_arg_cache.py", "split_pair"), 2).problem
    assert problem and problem.startswith("split_pair changed default argument '_cache' during the call"), problem


def test_q4_numpy_gradients_are_named():
    """Round 29 (q4_wrong_r29_numpy_gradients: ``g.numpy()`` of each sum, right numbers): the same return value as the
    function given, gradients that are tensors; sums handed back through ``tf.constant`` pass
    (q4_right_r19_numpy_sums_as_tensors). Planted bug: the ``not_tensors`` read taken out: this answer passes."""
    answer = _as_notebook("q4_wrong_r29_numpy_gradients.py", "pipeline_gradients")
    problem = ex05.check_pipeline_gradients(answer, m=3).problem
    assert problem and problem.startswith("the numbers are right, but pipeline_gradients returned gradient 0 as a "
                                          "ndarray, not a tensor: the rule is the same return value"), problem
