"""Exercise 04's checks (gpukit.course.exercises.ex04): the solution passes, the stub is "not solved
yet", and each classic wrong answer gets a problem that names its symptom."""

from __future__ import annotations

import re

import pytest

import blind

from gpukit import accumulation, strategies, tf, training
from gpukit.course.exercises import ex04


def _mirrored(num_replicas):
    return strategies.mirrored([f"/cpu:{i}" for i in range(num_replicas)])


_COUNTER = [0]  # round 13's planted counter on the module, reset by every new step
_HISTORY = []  # round 15's planted loss history on the module
_CALLS = __import__("itertools").count()  # round 15's planted call counter on the module


_SHARED_LOSS = training.per_example_loss()  # round 16's planted notebook loss_fn, its reduction changed for good


def _learner(divide_by_micro_batch=False, apply_every_micro_batch=False, answer=True, no_reset=False,
             module_counter=False, inference=False, clip=False, history=False, edit_loss=False, compile_model=False,
             guard=False, times_zero=False, rebuild=False):
    """A learner's make_accumulating_step, right or with one of the two classic mistakes."""
    def make(strategy, model, optimizer, global_batch_size, accum_steps):
        if not answer:
            return None
        if rebuild:  # round 18 (q4_wrong_r18_rebuild_optimizer)
            with strategy.scope():
                optimizer.built = False
                optimizer.build(model.trainable_variables)
        if edit_loss:  # round 16 (q4_wrong_r16_loss_fn_reduction_left_sum)
            _SHARED_LOSS.reduction = "sum"
        if compile_model:  # round 16 (q4_wrong_r16_model_compile)
            model.compile(optimizer=optimizer, loss=training.per_example_loss())
        _COUNTER[0] = 0
        divisor = global_batch_size // accum_steps if divide_by_micro_batch else global_batch_size
        loss_fn = training.per_example_loss()
        with strategy.scope():
            sums = [tf.Variable(tf.zeros_like(v), trainable=False, synchronization=tf.VariableSynchronization.ON_READ,
                                aggregation=tf.VariableAggregation.SUM) for v in model.trainable_variables]

        def accumulate(x, y):
            with tf.GradientTape() as tape:
                logits = model(x) if inference else model(x, training=True)
                loss = tf.nn.compute_average_loss(loss_fn(y, logits), global_batch_size=divisor)
            for s, g in zip(sums, tape.gradient(loss, model.trainable_variables)):
                if guard:  # round 16 (q4_wrong_r16_nonfinite_grad_guard)
                    g = tf.where(tf.math.is_finite(g), g, tf.zeros_like(g))
                s.assign_add(tf.clip_by_value(g, -1.0, 1.0) if clip else g)
            return loss

        def apply():
            optimizer.apply_gradients(zip([s.read_value() for s in sums], model.trainable_variables))
            for s in sums:
                if times_zero:  # round 18 (q4_wrong_r18_reset_times_zero): NaN x 0 is NaN
                    s.assign(s * 0)
                elif not no_reset:
                    s.assign(tf.zeros_like(s))

        accumulate_step = tf.function(lambda b: strategy.reduce("SUM", strategy.run(accumulate, args=b), axis=None)
                                      * (divisor // (global_batch_size // accum_steps)))  # the micro-batch's mean loss
        apply_step = tf.function(lambda: strategy.run(apply))
        calls = _COUNTER if module_counter else [0]

        def micro_step(batch):
            loss = accumulate_step(batch)
            calls[0] += 1
            if apply_every_micro_batch or calls[0] % accum_steps == 0:
                apply_step()
            if history:  # round 15's planted loss history on the module
                _HISTORY.append(float(loss))
            return loss

        return micro_step

    return make


@pytest.mark.parametrize("kwargs, match", [
    ({}, None),
    ({"answer": False}, "not solved yet"),
    ({"divide_by_micro_batch": True}, r"the first update is 2\.00 x the large batch's: as if each micro-batch's "
                                      r"loss were divided by 8 examples \(a micro-batch has 8, one replica's share "
                                      r"of it 4\) instead of the 16 of the whole update"),
    ({"apply_every_micro_batch": True}, r"stepped 7 times in 7 micro-steps \(3 updates of 2 micro-batches each"),
    # overall ~2x like the wrong divisor (issue 28): the first update tells the two apart
    ({"no_reset": True}, "the first update equals the large batch's, the later ones do not .*never emptied"),
])
def test_exercise_check_of_the_accumulating_step(kwargs, match):
    report = ex04.compare_accumulation(_learner(**kwargs), _mirrored(2), global_batch_size=16, accum_steps=2)
    if match is None:
        assert report.passed and report.details["weights_diff"] <= 1e-5
    else:
        assert not report.passed
        assert re.search(match, report.problem), report.problem
        assert "apply_gradients" not in report.problem and "assign" not in report.problem  # the mistake, not code


@pytest.mark.parametrize("module_counter", [False, True])
def test_accumulating_steps_interleaved_count_their_own_calls(module_counter):
    """Issue 38, round 13 (q4_wrong_r13_module_counter): the micro-step counter on the module, reset by each new
    step, passes every step alone; two live steps with their calls interleaved (``restart``) show it."""
    report = ex04.compare_accumulation(_learner(module_counter=module_counter), _mirrored(2), global_batch_size=8,
                                       accum_steps=2, updates=1, restart=True)
    if not module_counter:
        assert report.passed, report.problem
    else:
        assert report.problem.startswith("each micro_step counts its own calls, nothing kept on the module: two live "
                                         "micro_steps"), report.problem


@pytest.mark.parametrize("planted, match", [
    ({}, None),
    ({"inference": True}, r"^micro_step called the model with training=None: the rule is training=True"),
    ({"clip": True}, r"it was changed before the update \(clipped to a norm, per replica or as a whole\?\)\. The rule: "
                     r"each update is exactly the large batch's"),
])
def test_accumulating_step_training_forward_and_unclipped_gradients(planted, match):
    """Issue 38, round 14 (q4_wrong_r14_{inference_mode_forward,clip_by_value}): ``model(x)`` without training=True
    (the MLP has no Dropout: the numbers agree) is seen on the watched model call; a clip of each gradient to [-1, 1]
    shows once one example's inputs are 30 x larger (``x_scale``, the hidden case's)."""
    report = ex04.compare_accumulation(_learner(**planted), _mirrored(2), global_batch_size=8, accum_steps=2, updates=1,
                                       x_scale=30.0)
    if match is None:
        assert report.passed, report.problem
    else:
        assert not report.passed and re.search(match, report.problem), report.problem


def _loop(gb, r, most):  # a correct alternative: a while loop
    k = 1
    while k <= gb // r:
        if gb % (r * k) == 0 and gb // (r * k) <= most:
            return k
        k += 1
    raise ValueError("no split")


def _divisors(gb, r, most):  # another correct one: the divisors of the per-replica share, smallest k first
    if gb % r:
        raise ValueError("no split")
    share = gb // r
    return min(k for k in range(1, share + 1) if share % k == 0 and share // k <= most)


def _short_range(gb, r, most):  # issue 28's false positive: leaves out the largest valid k = gb // r
    for k in range(1, gb // r):
        if gb % (r * k) == 0 and gb // (r * k) <= most:
            return k
    raise ValueError("no split")


PUBLIC_Q1 = [(64, 4, 6), (256, 4, 24), (30, 4, 8), (32, 2, 1)]
HIDDEN_Q1 = [(96, 4, 10), (72, 4, 7), (48, 2, 24), (50, 4, 50), (120, 8, 4), (64, 4, 1), (8, 8, 1), (16, 16, 16)]


@pytest.mark.parametrize("answer", [accumulation.smallest_accum_steps, _loop, _divisors])
def test_choose_accum_steps_correct_alternatives_pass_public_and_hidden(answer):
    assert ex04.compare_accum_steps(answer, PUBLIC_Q1).passed
    assert ex04.compare_accum_steps(answer, HIDDEN_Q1).passed


def test_choose_accum_steps_short_range_fails_public_and_hidden():
    for cases in (PUBLIC_Q1, HIDDEN_Q1):
        report = ex04.compare_accum_steps(_short_range, cases)
        assert not report.passed and "raised ValueError, but accum_steps=" in report.problem, report.problem


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


def test_choose_accum_steps_fractional_limit_holds_its_whole_part():
    """Issue 38, round 14 (q1_wrong_r14_ceil_fractional_limit): a limit of 2.5 holds 2 examples per replica; rounded
    up to 3 it gives 4 micro-batches, not 6. A fractional limit refused (``range``'s TypeError, the planner's
    ValueError) is refused."""
    import math

    def ceil_limit(gb, r, most):
        return accumulation.smallest_accum_steps(gb, r, math.ceil(most))

    def by_range(gb, r, most):  # right: the largest per-replica size that divides, searched with range()
        share = gb // r
        return share // next(p for p in range(min(share, most), 0, -1) if share % p == 0)

    assert ex04.compare_accum_steps(_loop, [(48, 4, 2.5)]).passed
    assert ex04.compare_accum_steps(accumulation.smallest_accum_steps, [(48, 4, 2.5)]).passed  # refuses: ValueError
    assert ex04.compare_accum_steps(by_range, [(48, 4, 2.5), (64, 4, 6)]).passed
    assert ex04.compare_accum_steps(ceil_limit, [(48, 4, 2.5)]).problem == (
        "choose_accum_steps(48, 4, 2.5) returned 4, expected 6: the smallest k with 48 divisible by 4 x k and "
        "48 / (4 x k) <= 2.5")


def _by_hand(examples, global_batch_size, num_replicas, most):
    """Independent count: fewest k with a whole per-replica batch <= most; whole micro-batches only."""
    k = next(k for k in range(1, global_batch_size + 1)
             if global_batch_size % (num_replicas * k) == 0 and global_batch_size // (num_replicas * k) <= most)
    micro_steps = examples // (global_batch_size // k)
    return micro_steps, micro_steps // k


@pytest.mark.parametrize("params", [{}, {"examples": 1000, "global_batch_size": 96, "num_replicas": 2,
                                         "max_per_replica_batch_size": 10}])
def test_epoch_prediction_right_answer_passes(params):
    p = {**ex04.PREDICTION, **params}
    expected = _by_hand(p["examples"], p["global_batch_size"], p["num_replicas"], p["max_per_replica_batch_size"])
    assert ex04.epoch_counts(**p) == expected
    assert ex04.check_epoch_prediction(expected, **params).passed
    assert ex04.check_epoch_prediction(list(expected), **params).passed


@pytest.mark.parametrize("value, match", [
    (..., "not solved yet: predicted_epoch is ..."),
    (18, "must be two numbers"),
    (("18", 4), "must be two numbers"),
    ((19, 4), "counts a last partial micro-batch the pipeline drops"),      # 300 / 16 rounded up
    ((18, 5), "left at the end of the epoch, which are accumulated but never applied"),  # 300 / 64 rounded up
    ((18, 18), "one per micro-step, but the optimizer steps once per accumulated batch"),
    ((75, 4), "counts one replica's share"),
    ((14, 4), "is not the number of micro-steps"),                          # k=3 from rounding up
])
def test_epoch_prediction_planted_mistakes(value, match):
    assert _by_hand(300, 64, 4, 6) == (18, 4)
    report = ex04.check_epoch_prediction(value)
    assert not report.passed and report.name == "predicted_epoch"
    assert re.search(match, report.problem), report.problem


def _accumulated(divisor, guard=False):
    """A one-device accumulation loop like the notebook's; ``divisor(micro, n)`` divides each micro-batch's sum;
    ``guard``: non-finite micro-batch gradients set to zero (round 16's planted guard)."""
    loss_fn = training.per_example_loss()

    def kept(g):
        return tf.where(tf.math.is_finite(g), g, tf.zeros_like(g)) if guard else g

    def accumulated_gradients(model, x, y, accum_steps):
        micro = len(x) // accum_steps
        total = [tf.zeros_like(v) for v in model.trainable_variables]
        for i in range(accum_steps):
            xb, yb = x[i * micro:(i + 1) * micro], y[i * micro:(i + 1) * micro]
            with tf.GradientTape() as tape:
                loss = tf.reduce_sum(loss_fn(yb, model(xb, training=True))) / divisor(micro, len(x))
            total = [t + kept(g) for t, g in zip(total, tape.gradient(loss, model.trainable_variables))]
        return total

    return accumulated_gradients


def test_compare_accumulated_gradients_names_the_planted_bug():
    right = _accumulated(lambda micro, n: n)
    assert ex04.compare_accumulated_gradients(right, accum_steps=3, n=36, seed=7).passed
    colleague = _accumulated(lambda micro, n: micro)  # the notebook's bug: the mean of each micro-batch
    assert ex04.compare_accumulated_gradients(colleague, accum_steps=1, n=24).passed  # hidden with one micro-batch
    planted = ex04.compare_accumulated_gradients(colleague, accum_steps=3, n=36)
    assert not planted.passed
    assert "still 3 x the large batch's gradient with accum_steps=3" in planted.problem
    assert "as if it were the whole batch" in planted.problem and "len(x)" not in planted.problem
    half = ex04.compare_accumulated_gradients(_accumulated(lambda micro, n: 2 * n), accum_steps=2)
    assert not half.passed and "about 0.5 x" in half.problem
    last_only = ex04.compare_accumulated_gradients(lambda m, x, y, k: _accumulated(lambda mi, n: mi)(m, x[-(len(x) // k):],
                                                                                                   y[-(len(x) // k):], 1),
                                                   accum_steps=2)
    assert not last_only.passed and "differs from the large batch's gradient" in last_only.problem
    assert "return one gradient per trainable" in ex04.compare_accumulated_gradients(lambda *a: 3, 2).problem
    assert "1 gradients for 4" in ex04.compare_accumulated_gradients(lambda m, x, y, k: [tf.zeros(3)], 2).problem
    assert ex04.compare_accumulated_gradients(lambda *a: None).problem.startswith("not solved yet")


def _whole_batch(model, x, y, accum_steps):
    """Issue 28's false positive: the whole batch at every micro-step, each gradient / accum_steps."""
    loss_fn = training.per_example_loss()
    total = [tf.zeros_like(v) for v in model.trainable_variables]
    for _ in range(accum_steps):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(loss_fn(y, model(x, training=True)))
        total = [t + g / accum_steps for t, g in zip(total, tape.gradient(loss, model.trainable_variables))]
    return total


def _split_mean(model, x, y, accum_steps):
    """A correct alternative: tf.split, the mean of each micro-batch divided by accum_steps, float64 sums cast back to
    each variable's dtype (round 18: returned as float64 for a float32 model they are wrong)."""
    loss_fn = training.per_example_loss()
    total = None
    for xb, yb in zip(tf.split(x, accum_steps), tf.split(y, accum_steps)):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(loss_fn(yb, model(xb, training=True))) / accum_steps
        grads = [tf.cast(g, tf.float64) for g in tape.gradient(loss, model.trainable_variables)]
        total = grads if total is None else [a + b for a, b in zip(total, grads)]
    return [tf.cast(t, v.dtype).numpy() for t, v in zip(total, model.trainable_variables)]


@pytest.mark.parametrize("answer", [_split_mean, _accumulated(lambda micro, n: n)])
def test_accumulated_gradients_correct_alternatives_pass_public_and_hidden(answer):
    for kwargs in ({"accum_steps": 2, "n": 24}, {"accum_steps": 3, "n": 36, "seed": 7}, {"accum_steps": 4, "n": 16, "seed": 2}):
        report = ex04.compare_accumulated_gradients(answer, **kwargs)
        assert report.passed, report.problem
        assert report.details["call_sizes"] == [kwargs["n"] // kwargs["accum_steps"]] * kwargs["accum_steps"]


def test_accumulated_gradients_on_the_whole_batch_breaks_the_contract():
    for kwargs in ({"accum_steps": 2, "n": 24}, {"accum_steps": 3, "n": 36, "seed": 7}):
        report = ex04.compare_accumulated_gradients(_whole_batch, **kwargs)
        assert not report.passed
        assert (f"the gradient is right, but a forward pass in accumulated_gradients saw {kwargs['n']} examples at "
                f"once; the contract is one micro-batch ({kwargs['n'] // kwargs['accum_steps']} examples) per pass"
                in report.problem), report.problem


@pytest.mark.parametrize("keep", [False, True])
def test_recorder_sees_outputs_kept_after_their_backward(keep):
    """Issue 38, round 11 (the shared ``Recorder``'s ``outputs``, ``alive`` and ``_backward_seen``, used by 04 q3 and
    05 q4): an output kept in a list is alive at the next pass's backward and after the loop; one let go is not."""
    from gpukit.course.exercises import Recorder

    seen = []

    class Watched(Recorder):
        def _backward_seen(self, call):
            seen.append((call, self.alive([c for c, _ in self.outputs if c < call])))

    watched, kept = Watched(lambda x: x * 2.0, backward=True), []
    for i in range(2):
        xb = tf.constant([1.0 + i])
        with tf.GradientTape() as tape:
            tape.watch(xb)
            out = watched(xb)
            loss = tf.reduce_sum(out)
        tape.gradient(loss, xb)
        if keep:
            kept.append(out)
    del out, loss, tape
    assert seen == [(0, []), (1, [0] if keep else [])]
    assert watched.alive() == ([0, 1] if keep else [])


_BOX: list = []  # round 13's planted answers keep things here (reached through a helper the answer names)


def _keep(value):
    _BOX.append(value)


def test_accumulated_gradients_state_kept_between_calls():
    """Issue 38, round 13 (the shared ``numpy_kept``, ``kept_state``, ``global_rng_problem``; 04 q3): the right loop
    passes; a loop that keeps each micro-batch's logits as NumPy copies (through a helper: no module global named by
    the answer changes), keeps its losses in a closure, its last gradients on a callable object, sets an attribute of
    the model, or draws from NumPy's global generator, fails naming the rule."""
    import numpy as np

    right = _accumulated(lambda micro, n: n)
    loss_fn = training.per_example_loss()

    def planted(keep_logits=None, after=None):
        def accumulated_gradients(model, x, y, accum_steps):
            micro, total = len(x) // accum_steps, [tf.zeros_like(v) for v in model.trainable_variables]
            for i in range(accum_steps):
                xb, yb = x[i * micro:(i + 1) * micro], y[i * micro:(i + 1) * micro]
                with tf.GradientTape() as tape:
                    logits = model(xb, training=True)
                    loss = tf.reduce_sum(loss_fn(yb, logits)) / len(x)
                total = [t + g for t, g in zip(total, tape.gradient(loss, model.trainable_variables))]
                if keep_logits:
                    keep_logits(logits.numpy())
            if after:
                after(model, loss, total)
            return total
        return accumulated_gradients

    def with_history():
        history = []

        def accumulated_gradients(model, x, y, accum_steps):
            total = right(model, x, y, accum_steps)
            history.append(len(total))
            return total
        return accumulated_gradients

    class Last:
        def __call__(self, model, x, y, accum_steps):
            self.last = right(model, x, y, accum_steps)
            return self.last

    assert ex04.compare_accumulated_gradients(right).passed
    cases = [(planted(keep_logits=_keep), r"after accumulated_gradients returned, 384 bytes of NumPy arrays made during "
                                          r"the call were still allocated .* nothing of a micro-batch kept"),
             (with_history(), r"changed closure variable 'history' during the call .* keeps nothing between calls"),
             (Last(), r"changed attribute 'last' of the Last object during the call .* keeps nothing between calls"),
             (planted(after=lambda m, loss, t: setattr(m, "_seen_loss", float(loss))),
              r"set attribute\(s\) '_seen_loss' on the model: it must leave the model as it got it"),
             (planted(after=lambda m, loss, t: np.random.permutation(3)),
              r"drew numbers from NumPy's global random generator .* leaves the session as it found it")]
    for answer, match in cases:
        report = ex04.compare_accumulated_gradients(answer)
        assert not report.passed and re.search(match, report.problem), (match, report.problem)
    _BOX.clear()


_LOSS_FN = training.per_example_loss()  # round 14's planted answer changes this notebook-like object


def test_accumulated_gradients_tf_global_generator_and_notebook_objects():
    """Issue 38, round 14 (q3_wrong_r14_{tf_global_shuffle,mutates_loss_fn}; the shared ``tf_random_watched`` and
    ``kept_state(..., objects=True)``): micro-batches drawn with ``tf.random.shuffle`` (TensorFlow's global stream), or
    the notebook's ``loss_fn`` switched to another reduction during the call, fail naming the rule; the loss function
    is put back."""
    def loop(shuffle=False, mutate=False):
        def accumulated_gradients(model, x, y, accum_steps):
            if mutate:
                _LOSS_FN.reduction = "sum"
            n, micro = len(x), len(x) // accum_steps
            order = tf.random.shuffle(tf.range(n)).numpy() if shuffle else np.arange(n)
            total = [tf.zeros_like(v) for v in model.trainable_variables]
            for i in range(accum_steps):
                idx = order[i * micro:(i + 1) * micro]
                with tf.GradientTape() as tape:
                    per = tf.nn.sparse_softmax_cross_entropy_with_logits(tf.gather(y, idx), model(tf.gather(x, idx),
                                                                                                   training=True))
                    loss = tf.reduce_sum(per) / n
                total = [t + g for t, g in zip(total, tape.gradient(loss, model.trainable_variables))]
            return total
        return accumulated_gradients

    import numpy as np

    reduction = _LOSS_FN.reduction
    assert ex04.compare_accumulated_gradients(loop()).passed
    shuffled = ex04.compare_accumulated_gradients(loop(shuffle=True))
    assert shuffled.problem.startswith("accumulated_gradients drew numbers from TensorFlow's global random generator"), \
        shuffled.problem
    mutated = ex04.compare_accumulated_gradients(loop(mutate=True))
    assert mutated.problem.startswith("accumulated_gradients changed the attributes of the notebook's '_LOSS_FN' (an "
                                      "attribute set or rebound during the call): the rule is it leaves the notebook's "
                                      "objects as it found them"), mutated.problem
    assert _LOSS_FN.reduction == reduction


def test_epoch_prediction_by_building_a_dataset_or_splitting_the_data_breaks_the_rule():
    """Issue 38, round 14 (q2_wrong_r14_{cardinality,numpy_split_count}): a cell that assigns ``predicted_epoch`` and
    builds a tf.data dataset (its cardinality read) or splits the data with np.array_split is not a prediction; a
    cell that only does arithmetic is."""
    import numpy as np

    for source, words in [("predicted_epoch = (300 // 16, 300 // 16 // 4)", None),
                          ("_n = int(tf.data.Dataset.from_tensor_slices(np.zeros(300)).batch(16, drop_remainder=True)"
                           ".cardinality())\npredicted_epoch = (_n, _n // 4)",
                           "runs tf.data.Dataset.from_tensor_slices (a data pipeline built): the rule is a prediction"),
                          ("_n = sum(len(c) == 16 for c in np.array_split(np.zeros(300), range(16, 300, 16)))\n"
                           "predicted_epoch = (_n, _n // 4)",
                           "runs np.array_split (the data split into micro-batches): the rule is a prediction")]:
        notebook = {"__name__": "__main__", "ex04": ex04, "tf": tf, "np": np}
        blind._run(source, notebook, "<round 14 q2 cell>")
        blind._run("report = ex04.check_epoch_prediction(predicted_epoch)", notebook, "<round 14 q2 check>")
        report = notebook["report"]
        assert report.passed if words is None else words in report.problem, report.problem


def test_epoch_prediction_by_running_the_pipeline_breaks_the_rule():
    """Issue 38, round 13 (q2_wrong_r13_ran_pipeline): a cell that assigns ``predicted_epoch`` and calls
    ``gpukit.data.distribute`` (the watch notes it in the notebook's globals) is not a prediction."""
    notebook = {"__name__": "__main__", "ex04": ex04, "ex04_value": (18, 4)}
    exec("report = ex04.check_epoch_prediction(ex04_value)", notebook)
    assert notebook["report"].passed
    notebook[ex04._Q2_CALLS] = [("distribute", None)]
    exec("report = ex04.check_epoch_prediction(ex04_value)", notebook)
    assert notebook["report"].problem.startswith("the cell that sets predicted_epoch runs gpukit.data.distribute (the "
                                                 "data pipeline): the rule is a prediction worked out before running")


def test_hints_cover_every_question():
    assert set(ex04.HINTS) == {"q1", "q2", "q3", "q4"}
    assert all(len(h) >= 2 for h in ex04.HINTS.values())


# --------------------------------------------------------------------------- blind answers (issue 38)


@pytest.mark.parametrize("path", blind.answers("04"), ids=lambda p: p.stem)
def test_blind_answers_lose_or_keep_their_points(path):
    """Answers written by someone who never saw the solution or these checks (tests/attacks/ex04),
    graded in-process by the question's public and hidden tests (tests/blind.py): each wrong one loses
    its question's points with a reason, each right one keeps them."""
    as_expected, message = blind.check_answer(path)
    assert as_expected, f"{path.name}: {message or 'kept its points'}"


_CLIPPED_STEP = """
def make_accumulating_step(strategy, model, optimizer, global_batch_size, accum_steps):
    loss_fn = training.per_example_loss()
    with strategy.scope():
        sums = [tf.Variable(tf.zeros_like(v), trainable=False, synchronization=tf.VariableSynchronization.ON_READ,
                            aggregation=tf.VariableAggregation.SUM) for v in model.trainable_variables]

    def accumulate(x, y):
        with tf.GradientTape() as tape:
            per = loss_fn(y, model(x, training=True))
            loss = tf.reduce_sum(per) / global_batch_size
        for s, g in zip(sums, tape.gradient(loss, model.trainable_variables)):
            s.assign_add(g)
        return tf.reduce_sum(per) / (global_batch_size // accum_steps)

    def apply():
        clipped = tf.clip_by_global_norm([s.read_value() for s in sums], CLIP)[0]
        optimizer.apply_gradients(zip(clipped, model.trainable_variables))
        for s in sums:
            s.assign(tf.zeros_like(s))

    add = tf.function(lambda b: strategy.reduce("SUM", strategy.run(accumulate, args=b), axis=None))
    update = tf.function(lambda: strategy.run(apply))
    calls = [0]

    def micro_step(batch):
        loss = add(batch)
        calls[0] += 1
        if calls[0] % accum_steps == 0:
            update()
        return loss

    return micro_step

report = ex04.compare_accumulation(make_accumulating_step, strategy, global_batch_size=8, accum_steps=2, updates=1)
"""


def test_round15_a_clip_no_case_reaches_and_a_module_loss_history_are_named():
    """Issue 38, round 15 (q4_wrong_r15_{clip_global_norm_1e4,module_call_log}): the summed gradients clipped to a
    global norm of 1e4 (the numbers agree: TensorFlow's clip functions called from notebook code are noted; run here
    as a notebook's ``__main__`` code, the answer and the check's call alike); every loss appended to a module-level
    list (``kept_state`` of make_accumulating_step). The right step passes both (the tests above)."""
    notebook = {"__name__": "__main__", "tf": tf, "training": training, "ex04": ex04, "strategy": _mirrored(2),
                "CLIP": 1e4}
    exec(compile(_CLIPPED_STEP, "<round15 clip>", "exec"), notebook)
    problem = notebook["report"].problem
    assert problem and problem.startswith("micro_step called tf.clip_by_global_norm: the rule is the summed gradients "
                                          "applied as they are (no clipping"), problem
    report = ex04.compare_accumulation(_learner(history=True), _mirrored(2), global_batch_size=8, accum_steps=2,
                                       updates=1)
    assert not report.passed and re.search(r"^making a micro_step and running it changed module-level '_HISTORY' .*: "
                                           r"the rule is each micro_step keeps its state in itself", report.problem)


def test_round15_inputs_left_read_only_or_rewritten_and_state_no_length_shows_are_named():
    """Issue 38, round 15 (q3_wrong_r15_{readonly_inputs,x_dtype_view,default_arg_len,call_counter}): the caller's x
    left read-only; x += 0.0 in place (x holds a -0.0, compared to the bit); the last batch size written into a mutable
    default argument (its length unchanged); a module-level itertools.count advanced on every call."""
    right = _accumulated(lambda micro, n: n)

    def read_only(model, x, y, k):
        x.setflags(write=False)
        return right(model, x, y, k)

    def plus_zero(model, x, y, k):
        x += 0.0
        return right(model, x, y, k)

    def default_arg(model, x, y, k, _seen=[0]):
        _seen[0] = len(x)
        return right(model, x, y, k)

    def counted(model, x, y, k):
        next(_CALLS)
        return right(model, x, y, k)

    for answer, says in ((read_only, "left the caller's x read-only"), (plus_zero, "a -0.0 made 0.0"),
                         (default_arg, "default argument '_seen'"), (counted, "module-level '_CALLS'")):
        report = ex04.compare_accumulated_gradients(answer, accum_steps=3, n=36, seed=7)
        assert not report.passed and says in report.problem, report.problem


def test_round16_a_fuzzed_limit_a_guard_and_the_notebook_objects_changed_are_named():
    """Issue 38, round 16. Planted: q1, the limit's whole part taken as floor(limit + 1e-9); q3 and q4, non-finite
    micro-batch gradients set to zero (a NaN example: the third call's x, the restart's last micro-batch); q4, the
    notebook's loss_fn reduction changed for good and model.compile on the caller's model (what q3 already reads)."""
    import math

    def fuzzed(g, r, m):
        return accumulation.smallest_accum_steps(g, r, math.floor(m + 1e-9))

    report = ex04.compare_accum_steps(fuzzed, [(24, 1, 2.9999999999)])
    assert not report.passed and "returned 8, expected 12" in report.problem, report.problem
    assert ex04.compare_accum_steps(lambda g, r, m: accumulation.smallest_accum_steps(g, r, math.floor(m)),
                                    [(24, 1, 2.9999999999)]).passed
    report = ex04.compare_accumulated_gradients(_accumulated(lambda micro, n: n, guard=True), accum_steps=2, n=24)
    assert not report.passed and "non-finite gradients were changed" in report.problem, report.problem
    for kwargs, says in (({"edit_loss": True}, "changed the attributes of the notebook's '_SHARED_LOSS'"),
                         ({"compile_model": True}, "on the model it was given"),
                         ({"guard": True}, "non-finite gradients were changed")):
        report = ex04.compare_accumulation(_learner(**kwargs), _mirrored(2), global_batch_size=8, accum_steps=2,
                                           updates=1, restart=True)
        assert not report.passed and says in report.problem, report.problem
    assert _SHARED_LOSS.reduction != "sum"  # put back by the check
    assert ex04.compare_accumulation(_learner(), _mirrored(2), global_batch_size=8, accum_steps=2, updates=1,
                                     restart=True).passed


def test_round17_int64_arithmetic_gradients_kept_until_the_end_and_state_on_a_variable_or_loss_fn_are_named():
    """Issue 38, round 17. Planted: q1, the arithmetic in NumPy int64 (a global batch of 2**64 raises OverflowError);
    q3, every micro-batch's gradients kept in a list and added at the end (tf.add_n); sums kept in the first
    variable's __dict__; q4, accumulators pooled in the notebook's loss_fn.__dict__."""
    import numpy as np

    def int64(g, r, m):
        return int(accumulation.smallest_accum_steps(int(np.int64(g)), int(np.int64(r)), m))

    report = ex04.compare_accum_steps(int64, [(2**64, 2**62, 2)])
    assert not report.passed and "raised OverflowError" in report.problem and "exact at any size" in report.problem
    assert ex04.compare_accum_steps(accumulation.smallest_accum_steps, [(2**64, 2**62, 2)]).passed

    loss_fn = training.per_example_loss()

    def kept_all(model, x, y, accum_steps):
        micro, grads = len(x) // accum_steps, []
        for i in range(accum_steps):
            with tf.GradientTape() as tape:
                loss = tf.reduce_sum(loss_fn(y[i * micro:(i + 1) * micro],
                                             model(x[i * micro:(i + 1) * micro], training=True))) / len(x)
            grads.append(tape.gradient(loss, model.trainable_variables))
        return [tf.add_n(list(g)) for g in zip(*grads)]

    def on_variable(model, x, y, accum_steps):
        model.trainable_variables[0].__dict__.setdefault("_sums", [])
        return _accumulated(lambda micro, n: n)(model, x, y, accum_steps)

    for answer, says in ((kept_all, "the gradients micro-batch 1's backward returned were still held"),
                         (on_variable, "'_sums' on the model's variable")):
        report = ex04.compare_accumulated_gradients(answer, accum_steps=3, n=36, seed=7)
        assert not report.passed and says in report.problem, report.problem

    def pooled(strategy, model, optimizer, global_batch_size, accum_steps):
        _SHARED_LOSS.__dict__.setdefault("_pool", {})
        return _learner()(strategy, model, optimizer, global_batch_size, accum_steps)

    report = ex04.compare_accumulation(pooled, _mirrored(2), global_batch_size=8, accum_steps=2, updates=1)
    assert not report.passed and "'_pool' on the notebook's '_SHARED_LOSS'" in report.problem, report.problem
    assert "_pool" not in vars(_SHARED_LOSS)


def test_round18_wider_gradients_merged_single_examples_a_rebuilt_optimizer_and_a_reset_by_times_zero_are_named():
    """Issue 38, round 18. Planted: q3, float64 sums returned for a float32 model (each gradient in its variable's
    dtype); single-example micro-batches run two at a time (the hidden frozen case: 2 passes of 1); q4, the caller's
    optimizer rebuilt by make_accumulating_step (its momentum slots re-created); the kept gradients "reset" by a * 0
    (a NaN update spoils the next: the restart)."""
    loss_fn = training.per_example_loss()

    def wide(model, x, y, accum_steps):
        return [tf.cast(g, tf.float64) for g in _accumulated(lambda micro, n: n)(model, x, y, accum_steps)]

    def merged(model, x, y, accum_steps):
        micro, steps = len(x) // accum_steps, accum_steps
        if micro == 1 and accum_steps % 2 == 0:
            micro, steps = 2, accum_steps // 2
        total = [tf.zeros_like(v) for v in model.trainable_variables]
        for i in range(steps):
            with tf.GradientTape() as tape:
                loss = tf.reduce_sum(loss_fn(y[i * micro:(i + 1) * micro],
                                             model(x[i * micro:(i + 1) * micro], training=True))) / len(x)
            total = [t + g for t, g in zip(total, tape.gradient(loss, model.trainable_variables))]
        return total

    report = ex04.compare_accumulated_gradients(wide, accum_steps=2, n=24)
    assert not report.passed and "gradient 0 is float64, its variable float32" in report.problem, report.problem
    report = ex04.compare_accumulated_gradients(merged, accum_steps=2, n=2, seed=3, frozen=True)
    assert not report.passed and "saw 2 examples at once" in report.problem, report.problem
    assert ex04.compare_accumulated_gradients(_accumulated(lambda micro, n: n), accum_steps=2, n=2, seed=3,
                                              frozen=True).passed
    for kwargs, says in (({"rebuild": True}, "changed the caller's optimizer before any update"),
                         ({"times_zero": True}, "the kept gradients were not set back to zero")):
        report = ex04.compare_accumulation(_learner(**kwargs), _mirrored(2), global_batch_size=8, accum_steps=2,
                                           updates=1, momentum=0.9, restart=True)
        assert not report.passed and says in report.problem, report.problem
    assert ex04.compare_accumulation(_learner(), _mirrored(2), global_batch_size=8, accum_steps=2, updates=1,
                                     momentum=0.9, restart=True).passed


ONEDNN_RUN = """
from gpukit import tf, training
from gpukit.course.exercises import ex04

loss_fn = training.per_example_loss()


def accumulated(guard):
    def accumulated_gradients(model, x, y, accum_steps):  # eager: each op its own kernel, relu(NaN) is NaN
        micro = len(x) // accum_steps
        total = [tf.zeros_like(v) for v in model.trainable_variables]
        for i in range(accum_steps):
            xb, yb = x[i * micro:(i + 1) * micro], y[i * micro:(i + 1) * micro]
            with tf.GradientTape() as tape:
                loss = tf.reduce_sum(loss_fn(yb, model(xb, training=True))) / len(x)
            grads = tape.gradient(loss, model.trainable_variables)
            if guard:
                grads = [tf.where(tf.math.is_finite(g), g, tf.zeros_like(g)) for g in grads]
            total = [t + g for t, g in zip(total, grads)]
        return total
    return accumulated_gradients


right = ex04.compare_accumulated_gradients(accumulated(False), accum_steps=2, n=24)
print("right:", right.problem)
guard = ex04.compare_accumulated_gradients(accumulated(True), accum_steps=2, n=24)
print("guard:", guard.problem)
"""


def test_round19_onednn_fused_relu_does_not_fail_a_right_answer_nor_let_a_guard_through():
    """Issue 38, round 19: with TF_ENABLE_ONEDNN_OPTS=1 (TensorFlow's default on x86 CPUs with AVX-512; in a notebook
    that imports TensorFlow before gpukit, gpukit's TF_ENABLE_ONEDNN_OPTS=0 comes too late), the large batch's
    reference, a tf.function, runs MatMul + BiasAdd + Relu as one fused oneDNN kernel whose ReLU turns the third call's
    NaN into 0: a right eager answer (relu(NaN) is NaN) was "inf away" from it. Planted bug: compare the third call
    with the tf.function reference only (compare_accumulated_gradients before round 19). A fresh process: TensorFlow
    reads the variable once, at its import."""
    import os
    import subprocess
    import sys

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    result = subprocess.run([sys.executable, "-c", ONEDNN_RUN], capture_output=True, text=True, timeout=180, cwd=root,
                            env=dict(os.environ, PYTHONPATH=root, TF_ENABLE_ONEDNN_OPTS="1"))
    assert result.returncode == 0, result.stderr[-3000:]
    lines = dict(line.split(": ", 1) for line in result.stdout.splitlines() if line.startswith(("right: ", "guard: ")))
    assert lines["right"] == "None", lines["right"]
    assert "non-finite gradients were changed" in lines["guard"], lines["guard"]
