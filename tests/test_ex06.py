"""Exercise 06 checks: the solution passes, the stub is "not solved yet", classic wrong answers
get a problem naming the symptom."""

from gpukit import keras, precision, tf, training
from gpukit.course.exercises import ex06


def test_scale_prediction():
    assert ex06.check_scale_prediction(2.0 ** 12, 2.0 ** 15, 3).passed
    assert "not solved" in ex06.check_scale_prediction(..., 2.0 ** 15, 3).problem
    assert "shrinks" in ex06.check_scale_prediction(2.0 ** 18, 2.0 ** 15, 3).problem
    assert "does change" in ex06.check_scale_prediction(2.0 ** 15, 2.0 ** 15, 3).problem
    assert "not only the first" in ex06.check_scale_prediction(2.0 ** 14, 2.0 ** 15, 3).problem
    assert "one number" in ex06.check_scale_prediction("4096", 2.0 ** 15, 3).problem


def _loss(model, x, y):
    return tf.reduce_mean(training.per_example_loss()(y, model(x)))


def solution_step(model, optimizer, x, y):
    with tf.GradientTape() as tape:
        loss = _loss(model, x, y)
        scaled = optimizer.scale_loss(loss)
    optimizer.apply_gradients(zip(tape.gradient(scaled, model.trainable_variables), model.trainable_variables))
    return loss


def forgets_to_unscale(model, optimizer, x, y):
    with tf.GradientTape() as tape:
        loss = _loss(model, x, y)
        scaled = optimizer.scale_loss(loss)
    optimizer.inner_optimizer.apply_gradients(zip(tape.gradient(scaled, model.trainable_variables),
                                                  model.trainable_variables))
    return loss


def stub_step(model, optimizer, x, y):
    ...


def test_train_step():
    assert ex06.check_train_step(solution_step).passed, ex06.check_train_step(solution_step).problem
    assert "not solved" in ex06.check_train_step(stub_step).problem
    assert "still multiplied by the loss scale" in ex06.check_train_step(forgets_to_unscale).problem
    assert "output layer computes in float16" in ex06.check_train_step(solution_step, float32_output=False).problem


def solution_compare(policy_name, x, y, steps, seed):
    with precision.policy(policy_name):
        model = precision.mlp(policy_name, hidden=(32,), seed=seed)
        opt = precision.optimizer(policy_name, keras.optimizers.SGD(0.1))
    losses = []
    for _ in range(steps):
        with tf.GradientTape() as tape:
            loss = _loss(model, x, y)
            target = opt.scale_loss(loss) if precision.is_loss_scaled(opt) else loss
        opt.apply_gradients(zip(tape.gradient(target, model.trainable_variables), model.trainable_variables))
        losses.append(float(loss))
    return losses


def leaks_policy(policy_name, x, y, steps, seed):
    keras.mixed_precision.set_global_policy(policy_name)
    return ex06.reference_losses(policy_name, x, y, steps, seed)


def stub_compare(policy_name, x, y, steps, seed):
    ...


def test_compare():
    report = ex06.check_compare(solution_compare, steps=3, seed=1)
    assert report.passed, report.problem
    assert "not solved" in ex06.check_compare(stub_compare, steps=2).problem
    with pytest.raises(AssertionError, match="changed Keras' global dtype policy"):  # session_kept (round 4)
        ex06.check_compare(leaks_policy, steps=2)
    assert keras.mixed_precision.global_policy().name == "float32"
    too_short = lambda p, x, y, steps, seed: solution_compare(p, x, y, steps - 1, seed)  # noqa: E731
    assert "returned 1 losses for 2 steps" in ex06.check_compare(too_short, steps=2).problem


# --------------------------------------------------------------------------- issue 28's audit: the way a student works
# Correct alternatives pass the public and the hidden cases of the solution's test cells; classic wrong
# answers and contract-breaking ones (right numbers computed the way the prompt forbids) fail with a
# sentence that names the mistake.

import re  # noqa: E402

import numpy as np  # noqa: E402
import pytest  # noqa: E402

import blind  # noqa: E402


@pytest.mark.parametrize("value", [2.0 ** 15 / 2 ** 3, 2.0 ** 15 * 0.5 ** 3, 4096, np.float32(4096), np.int64(4096)])
def test_q1_the_right_scale_in_other_forms_passes(value):
    assert ex06.check_scale_prediction(value, 2.0 ** 15, 3).passed


@pytest.mark.parametrize("value, says", [
    (2.0 ** 15 / 2 ** 4, "count the bad steps again: one change per bad step"),
    (2.0 ** 15 - 3, r"^32765 is not the scale after 3 bad steps from 32768$"),       # subtracted, not halved
    (2.0 ** 15 / 3, r"^10922.7 is not the scale after 3 bad steps from 32768$"),     # divided by the count
])
def test_q1_other_slips_are_named(value, says):
    report = ex06.check_scale_prediction(value, 2.0 ** 15, 3)
    assert not report.passed and re.search(says, report.problem), report.problem


def test_q1_no_bad_step_is_a_boundary():
    assert ex06.check_scale_prediction(2.0 ** 15, 2.0 ** 15, 0).passed


def manual_unscale_step(model, optimizer, x, y):
    """Right on a normal step, wrong by the rule (issue 38, a blind answer): the loss scaled with the
    optimizer's own scale, the gradients unscaled by hand, the inner SGD applying them -- what
    LossScaleOptimizer does, minus skipping a step whose gradients overflowed, and the scale never moves."""
    with tf.GradientTape() as tape:
        loss = _loss(model, x, y)
        scale = optimizer.scale_loss(tf.constant(1.0))
        scaled = loss * scale
    grads = [g / scale for g in tape.gradient(scaled, model.trainable_variables)]
    optimizer.inner_optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss


def keras3_apply_step(model, optimizer, x, y):
    """Another: Keras 3's optimizer.apply(grads, variables) instead of apply_gradients(zip(...))."""
    with tf.GradientTape() as tape:
        loss = _loss(model, x, y)
        scaled = optimizer.scale_loss(loss)
    optimizer.apply(tape.gradient(scaled, model.trainable_variables), model.trainable_variables)
    return loss


@tf.function
def compiled_step(model, optimizer, x, y):
    """The solution compiled with tf.function: used to raise (the check's optimizer created its variables
    inside the first trace); the check now hands over a built optimizer, as lesson 01's steps do."""
    return solution_step(model, optimizer, x, y)


@pytest.mark.parametrize("answer", [solution_step, keras3_apply_step, compiled_step])
def test_q2_correct_alternatives_pass_public_and_hidden(answer):
    for seed in (0, 5):
        report = ex06.check_train_step(answer, seed=seed)
        assert report.passed, report.problem


def test_q2_unscaling_by_hand_applies_an_overflowed_step():
    report = ex06.check_train_step(manual_unscale_step, seed=0)
    assert not report.passed and "the weights are now inf/NaN" in report.problem, report.problem
    assert "such a step is skipped and the scale lowered" in report.problem


def no_scaling_step(model, optimizer, x, y):
    with tf.GradientTape() as tape:
        loss = _loss(model, x, y)
    optimizer.apply_gradients(zip(tape.gradient(loss, model.trainable_variables), model.trainable_variables))
    return loss


def returns_scaled_step(model, optimizer, x, y):
    with tf.GradientTape() as tape:
        loss = _loss(model, x, y)
        scaled = optimizer.scale_loss(loss)
    optimizer.apply_gradients(zip(tape.gradient(scaled, model.trainable_variables), model.trainable_variables))
    return scaled


def returns_nothing_step(model, optimizer, x, y):
    solution_step(model, optimizer, x, y)


def summed_loss_step(model, optimizer, x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(training.per_example_loss()(y, model(x)))
        scaled = optimizer.scale_loss(loss)
    optimizer.apply_gradients(zip(tape.gradient(scaled, model.trainable_variables), model.trainable_variables))
    return loss


def two_steps(model, optimizer, x, y):
    solution_step(model, optimizer, x, y)
    return solution_step(model, optimizer, x, y)


@pytest.mark.parametrize("answer, says", [
    (no_scaling_step, r"^the update is 1/32768 of the float32 step: the gradients are divided by the loss scale but "
                      r"were never multiplied by it$"),                      # used to say "the weights did not move"
    (returns_scaled_step, r"returned \d+\.?\d*, the loss x the loss scale 32768: it must return the loss itself"),
    (returns_nothing_step, r"^train_step trained the model but returned None: it must return the loss$"),
    (summed_loss_step, r"^train_step's loss is the SUM over the batch \(64 x the mean\): the rule is the mean loss .*"
                       r"overflow float16, so the step was skipped$"),  # issue 38 round 3: the rule, not the symptom
    (two_steps, r"differs from one float32 step by .* \(it is about 1.9x the float32 step\)"),
])
def test_q2_wrong_answers_are_named(answer, says):
    report = ex06.check_train_step(answer)
    assert not report.passed and re.search(says, report.problem), report.problem
    assert "apply_gradients" not in report.problem and "scale_loss" not in report.problem  # the symptom, not the fix


def keras_fit_compare(policy_name, x, y, steps, seed):
    """Another correct q3: Keras compile/fit, one full batch per epoch (fit's per-epoch loss is the loss
    before the update), the global policy restored with try/finally (compile wraps float16's optimizer)."""
    previous = keras.mixed_precision.global_policy().name
    keras.mixed_precision.set_global_policy(policy_name)
    try:
        model = precision.mlp(policy_name, hidden=(32,), seed=seed)
        model.compile(optimizer=keras.optimizers.SGD(0.1),
                      loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True))
        history = model.fit(x, y, batch_size=len(x), epochs=steps, shuffle=False, verbose=0)
    finally:
        keras.mixed_precision.set_global_policy(previous)
    return history.history["loss"]


def scaled_everywhere_compare(policy_name, x, y, steps, seed):
    """Another: a LossScaleOptimizer for every policy (needless for float32 and bfloat16, not wrong),
    the losses returned as a numpy array."""
    with precision.policy(policy_name):
        model = precision.mlp(policy_name, hidden=(32,), seed=seed)
        opt = keras.mixed_precision.LossScaleOptimizer(keras.optimizers.SGD(0.1))
    losses = []
    for _ in range(steps):
        with tf.GradientTape() as tape:
            loss = _loss(model, x, y)
            scaled = opt.scale_loss(loss)
        opt.apply_gradients(zip(tape.gradient(scaled, model.trainable_variables), model.trainable_variables))
        losses.append(loss)
    return np.array([float(v) for v in losses])


@pytest.mark.parametrize("answer", [solution_compare, keras_fit_compare, scaled_everywhere_compare])
def test_q3_correct_alternatives_pass_public_and_hidden(answer):
    for steps, seed, batch in ((4, 0, 64), (2, 7, 81)):  # the public test's and the hidden one's
        report = ex06.check_compare(answer, steps=steps, seed=seed, batch=batch)
        assert report.passed, report.problem
        assert keras.mixed_precision.global_policy().name == "float32"


def _variant_compare(policy_for_model=None, scaled_optimizer=True, scale_the_loss=True, loss_after=False):
    def train_with_policy(policy_name, x, y, steps, seed):
        with precision.policy(policy_name):
            model = precision.mlp(policy_for_model or policy_name, hidden=(32,), seed=seed)
            opt = (precision.optimizer(policy_name, keras.optimizers.SGD(0.1)) if scaled_optimizer
                   else keras.optimizers.SGD(0.1))
        losses = []
        for _ in range(steps):
            with tf.GradientTape() as tape:
                loss = _loss(model, x, y)
                target = opt.scale_loss(loss) if precision.is_loss_scaled(opt) and scale_the_loss else loss
            opt.apply_gradients(zip(tape.gradient(target, model.trainable_variables), model.trainable_variables))
            losses.append(float(_loss(model, x, y)) if loss_after else float(loss))
        return losses
    return train_with_policy


@pytest.mark.parametrize("answer, says", [
    # contract broken, numbers right: float16 without loss scaling (no gradient underflows on this model)
    (_variant_compare(scaled_optimizer=False), "mixed_float16: the losses are right, but no LossScaleOptimizer applied "
                                               "the updates"),
    # contract broken, numbers right: the model built in float32 whatever the policy
    (_variant_compare(policy_for_model="float32"), "mixed_float16: the losses are float32 training's to the last "
                                                   "digit: the model did not compute in 16 bits"),
    (_variant_compare(loss_after=True), r"float32: each loss is the next step's .*: a loss is taken after its update"),
    # issue 38, round 24: the check moves the scale to 1/8 after the first step, where the unscaled loss's update is 8 x
    # the float32 one (no longer almost zero)
    (_variant_compare(scale_the_loss=False), r"mixed_float16: the losses differ from float32 training by .*: "
                                             r"\[2.6136, 2.6136, "),
])
def test_q3_wrong_and_contract_breaking_answers_are_named(answer, says):
    for steps, seed in ((4, 0), (2, 7)):
        report = ex06.check_compare(answer, steps=steps, seed=seed)
        assert not report.passed, (steps, seed)
        if seed == 0:
            assert re.search(says, report.problem), report.problem
        assert keras.mixed_precision.global_policy().name == "float32"
    assert keras.mixed_precision.LossScaleOptimizer.apply.__name__ == "apply"  # the watch is taken off again


# --------------------------------------------------------------------------- blind answers (issue 38)


@pytest.mark.parametrize("path", blind.answers("06"), ids=lambda p: p.stem)
def test_blind_answers_lose_or_keep_their_points(path):
    """Answers written by someone who never saw the solution or these checks (tests/attacks/ex06),
    graded in-process by the question's public and hidden tests (tests/blind.py): each wrong one loses
    its question's points with a reason, each right one keeps them."""
    as_expected, message = blind.check_answer(path)
    assert as_expected, f"{path.name}: {message or 'kept its points'}"


# --------------------------------------------------------------------------- issue 38, round 13


def _by_hand_step(floor=0.0, cap=float("inf")):
    """Dynamic loss scaling written by hand around the inner optimizer (the rules kept), with a floor or a cap on the
    scale (q2_wrong_r13_manual_floor: never below 1; q2_wrong_r13_manual_cap: never past 2**24)."""
    def train_step(model, optimizer, x, y):
        scale = optimizer.dynamic_scale
        with tf.GradientTape() as tape:
            loss = _loss(model, x, y)
            scaled = loss * scale
        grads = [g / tf.cast(scale, g.dtype) for g in tape.gradient(scaled, model.trainable_variables)]
        if all(bool(tf.reduce_all(tf.math.is_finite(g))) for g in grads):
            optimizer.inner_optimizer.apply_gradients(zip(grads, model.trainable_variables))
            count = int(optimizer.step_counter.numpy()) + 1
            grow = count >= optimizer.dynamic_growth_steps
            optimizer.step_counter.assign(0 if grow else count)
            if grow:
                optimizer.dynamic_scale.assign(min(float(scale.numpy()) * 2, cap))
        else:
            optimizer.step_counter.assign(0)
            optimizer.dynamic_scale.assign(max(float(scale.numpy()) / 2, floor))
        return loss
    return train_step


def test_q2_loss_scale_has_no_floor_and_no_cap():
    x, y = ex06._data(0)
    assert ex06._nan_problem(_by_hand_step(), x, y, 0, True) is None
    problem = ex06._nan_problem(_by_hand_step(floor=1.0), x, y, 0, True).problem
    assert "skip such a step and halve the scale, whatever its value (no floor: 2**-126 -> 2**-127" in problem, problem
    assert ex06._growth_problem(solution_step, x, y, 0, True) is None
    problem = ex06._growth_problem(_by_hand_step(cap=2.0 ** 24), x, y, 0, True).problem
    assert "the scale doubles whatever its value (no cap" in problem, problem


def _kept_losses_compare():
    """q3_wrong_r13_memo: the losses remembered per arguments; a second call trains nothing."""
    memo = {}

    def train_with_policy(policy_name, x, y, steps, seed):
        key = (policy_name, steps, seed, x.tobytes(), y.tobytes())
        if key not in memo:
            memo[key] = solution_compare(policy_name, x, y, steps, seed)
        return list(memo[key])
    return train_with_policy


def _smoothed_compare(policy_name, x, y, steps, seed):
    """q3_wrong_r13_label_smooth: cross-entropy with label smoothing 1e-6 (float32 numbers, otherwise right)."""
    smoothed = keras.losses.CategoricalCrossentropy(from_logits=True, label_smoothing=1e-6)
    with precision.policy(policy_name):
        model = precision.mlp(policy_name, hidden=(32,), seed=seed)
        opt = precision.optimizer(policy_name, keras.optimizers.SGD(0.1))
    losses = []
    for _ in range(steps):
        with tf.GradientTape() as tape:
            loss = smoothed(tf.one_hot(y, 10), model(x))
            target = opt.scale_loss(loss) if precision.is_loss_scaled(opt) else loss
        opt.apply_gradients(zip(tape.gradient(target, model.trainable_variables), model.trainable_variables))
        losses.append(float(loss))
    return losses


def _trimmed_compare(policy_name, x, y, steps, seed):
    """q3_wrong_r13_batch_mult8: the batch trimmed to a multiple of 8 examples."""
    n = len(x) // 8 * 8
    return solution_compare(policy_name, x[:n], y[:n], steps, seed)


@pytest.mark.parametrize("answer, batch, says", [
    # issue 38, round 24: what the function keeps is read before the policies' calls, so the memo itself is named first
    (_kept_losses_compare(), 64, "changed closure variable 'memo' during the call"),
    (_smoothed_compare, 64, "on a batch with large logits (inputs x 100) whose labels are the model's own first choices"),
    (_trimmed_compare, 81, "the mean over the batch's own size"),
])
def test_q3_round_13_answers_are_named(answer, batch, says):
    report = ex06.check_compare(answer, steps=1, seed=0, batch=batch)
    assert not report.passed and says in report.problem, report.problem
    assert keras.mixed_precision.global_policy().name == "float32"


# --------------------------------------------------------------------------- issue 38, round 14


def test_q1_legacy_loss_scale_stepped_is_named():
    """The planted bug: TensorFlow's legacy DynamicLossScale stepped on inf gradients in the answer cell
    (q1_wrong_r14_legacy_dynamic_loss_scale; the v1 MixedPrecisionLossScaleOptimizer steps the same object)."""
    source = ("from tensorflow.python.training.experimental import loss_scale as _ls\n"
              "_d = _ls.DynamicLossScale(initial_loss_scale=INITIAL_SCALE)\n"
              "for _ in range(BAD_STEPS):\n    _d.update([tf.constant([float('inf')])])\n"
              "predicted_scale = float(_d())\n")
    message = blind.grade(blind.stem("06"), "q1", source)
    assert "TensorFlow's legacy DynamicLossScale" in message and "the rule is a prediction" in message, message


def _zeroes_tiny_step(model, optimizer, x, y):
    """q2_wrong_r14_zero_tiny_grads: gradient entries below 1e-8 (unscaled) set to 0 before apply_gradients."""
    with tf.GradientTape() as tape:
        loss = _loss(model, x, y)
        scaled = optimizer.scale_loss(loss)
    grads = tape.gradient(scaled, model.trainable_variables)
    limit = optimizer.scale_loss(tf.constant(1e-8))
    grads = [tf.where(tf.abs(g) < tf.cast(limit, g.dtype), tf.zeros_like(g), g) for g in grads]
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss


def test_q2_tiny_gradients_are_applied_too():
    x, y = ex06._data(0)
    assert ex06._growth_problem(solution_step, x, y, 0, True) is None
    problem = ex06._growth_problem(_zeroes_tiny_step, x, y, 0, True).problem
    assert "the rule is the gradients handed to the LossScaleOptimizer as the tape gives them" in problem, problem
    assert "however small" in problem, problem


def _added_to_update(decay=0.0, clip=None, schedule=False):
    """The solution's loop with something added to the update: weight decay by hand (q3_wrong_r14_manual_decay),
    each gradient clipped to norm 1 by hand (q3_wrong_r14_clipnorm_one_manual), a learning-rate schedule
    (q3_wrong_r14_lr_schedule_decay)."""
    def train_with_policy(policy_name, x, y, steps, seed):
        with precision.policy(policy_name):
            model = precision.mlp(policy_name, hidden=(32,), seed=seed)
            lr = keras.optimizers.schedules.PiecewiseConstantDecay([1000], [0.1, 0.01]) if schedule else 0.1
            opt = precision.optimizer(policy_name, keras.optimizers.SGD(lr))
        scaled = precision.is_loss_scaled(opt)
        losses = []
        for _ in range(steps):
            with tf.GradientTape() as tape:
                loss = _loss(model, x, y)
                target = opt.scale_loss(loss) if scaled else loss
            grads = tape.gradient(target, model.trainable_variables)
            if clip:
                grads = [tf.clip_by_norm(g, tf.cast(opt.scale_loss(clip) if scaled else clip, g.dtype)) for g in grads]
            opt.apply_gradients(zip(grads, model.trainable_variables))
            for v in model.trainable_variables:
                v.assign(v * (1.0 - decay))
            losses.append(float(loss))
        return losses
    return train_with_policy


@pytest.mark.parametrize("answer, says", [
    (_added_to_update(decay=1e-6), "float32: after 1 step the model's weights are"),
    (_added_to_update(clip=1.0), "mixed_bfloat16: on a batch with large inputs (x 100: gradient norms up to ~8"),
    (_added_to_update(schedule=True), "float32: the weights are stepped by SGD with learning_rate=a "
                                      "PiecewiseConstantDecay schedule"),
])
def test_q3_nothing_added_to_the_update(answer, says):
    report = ex06.check_compare(answer, steps=1, seed=0)
    assert not report.passed and says in report.problem, report.problem
    assert keras.mixed_precision.global_policy().name == "float32"


# --------------------------------------------------------------------------- issue 38, round 15


def _as_notebook(path: str, name: str):
    """A kept blind answer's function, defined as a notebook cell defines it (globals named ``__main__``)."""
    import pathlib

    namespace = {"__name__": "__main__", "tf": tf, "keras": keras, "np": np, "precision": precision,
                 "training": training, "loss_fn": training.per_example_loss()}
    exec(compile(pathlib.Path(__file__).parent.joinpath("attacks", "ex06", path).read_text(), path, "exec"), namespace)
    return namespace[name]


def test_q2_a_16_bit_loss_returned_is_named():
    def f16_loss(model, optimizer, x, y):
        return tf.cast(solution_step(model, optimizer, x, y), tf.float16)

    problem = ex06.check_train_step(f16_loss).problem
    assert problem.startswith("train_step returned a float16 loss: the rule is the mean loss of the float32"), problem


def test_q2_nan_gradients_are_handed_as_they_are():
    x, y = ex06._data(0)
    assert ex06._nan_problem(solution_step, x, y, 0, True) is None
    problem = ex06._nan_problem(_as_notebook("q2_wrong_r15_nan_to_inf.py", "train_step"), x, y, 0, True).problem
    assert "the gradients handed to the LossScaleOptimizer held no NaN: the rule is the gradients handed to it as the " \
           "tape gives them" in problem, problem


def test_clip_functions_called_by_an_answer_are_named():
    """Round 14's gaps: tf.clip_by_global_norm at a norm no case reaches (q2_wrong_r14_clip_scaled_huge)."""
    train_step = _as_notebook("q2_wrong_r14_clip_scaled_huge.py", "train_step")
    namespace = train_step.__globals__  # the check called from the notebook, whose record of calls it reads
    namespace["ex06"] = ex06
    exec("report = ex06.check_train_step(train_step)", namespace)
    problem = namespace["report"].problem
    assert problem.startswith("train_step called tf.clip_by_global_norm: the rule is the gradients handed"), problem


def test_q3_a_batch_capped_below_its_size_is_named():
    problem = ex06.check_compare(_as_notebook("q3_wrong_r15_batch_cap_512.py", "train_with_policy"), steps=2, seed=7,
                                 batch=81).problem
    assert "over the whole batch as given (all 8200 rows: no cap, no sample)" in problem, problem


# --------------------------------------------------------------------------- issue 38, round 16


def test_q1_a_recompiled_copy_of_keras_loss_scale_optimizer_is_named():
    """q1_wrong_r16_exec_copy_lso: Keras' loss_scale_optimizer.py compiled afresh under another file name, stepped."""
    import linecache
    import pathlib

    path = "q1_wrong_r16_exec_copy_lso.py"
    source = pathlib.Path(__file__).parent.joinpath("attacks", "ex06", path).read_text()
    source += "report = ex06.check_scale_prediction(predicted_scale, 2.0 ** 15, 3)\n"
    linecache.cache[path] = (len(source), None, source.splitlines(True), path)
    namespace = {"__name__": "__main__", "tf": tf, "keras": keras, "ex06": ex06, "INITIAL_SCALE": 2.0 ** 15,
                 "BAD_STEPS": 3}
    exec(compile(source, path, "exec"), namespace)
    problem = namespace["report"].problem
    assert problem.startswith("the cell that sets predicted_scale runs a copy of Keras' LossScaleOptimizer's code"), problem


def test_q2_a_float64_loss_is_named():
    def f64_loss(model, optimizer, x, y):
        return tf.cast(solution_step(model, optimizer, x, y), tf.float64)

    problem = ex06.check_train_step(f64_loss).problem
    assert problem.startswith("train_step returned a float64 loss: the rule is the mean loss of the float32 logits, "
                              "returned as a float32 tensor or a Python float"), problem


def test_q2_extreme_scales_and_large_losses():
    x, y = ex06._data(0)
    loss = ex06._reference_step(x, y, 0, with_loss=True)[1]
    assert ex06._overflow_problem(solution_step, x, y, 0, True, loss) is None
    for path, says in [("q2_wrong_r16_unscale_scaled_loss.py", "on a step where the loss scale is 2**127 (the scaled "
                                                               "loss inf in float32), train_step returned inf"),
                       ("q2_wrong_r16_scale_cap_2p40.py", "at a loss scale of 2**127 (the scaled loss overflows float32) "
                                                          "the scale went to 1.09951e+12, not 2**126")]:
        problem = ex06._overflow_problem(_as_notebook(path, "train_step"), x, y, 0, True, loss).problem
        assert problem.startswith(says), problem
    problem = ex06._nan_problem(_as_notebook("q2_wrong_r16_scale_floor_tiny.py", "train_step"), x, y, 0, True).problem
    assert "(no floor: 2**-126 -> 2**-127" in problem, problem
    problem = ex06._growth_problem(_as_notebook("q2_wrong_r16_growth_reset_on_skip_only_counter.py", "train_step"),
                                   x, y, 0, True).problem
    assert problem.startswith("after 2000 good steps in a row (one of them with a loss above 10) the loss scale must "
                              "double"), problem


@pytest.mark.parametrize("path, says", [
    ("q3_wrong_r16_scale_grads_after.py", "mixed_float16: the gradient reaching the model's float32 logits is (softmax "
                                          "- onehot) / 64 times 1, not times the loss scale"),
    ("q3_wrong_r16_grads_rounded_fp16.py", "mixed_float16: every gradient handed to the LossScaleOptimizer holds float16 "
                                           "values only"),
])
def test_q3_gradients_scaled_after_or_rounded_are_named(path, says):
    problem = ex06.check_compare(_as_notebook(path, "train_with_policy"), steps=1).problem
    assert problem is not None and problem.startswith(says), problem


# --------------------------------------------------------------------------- issue 38, round 17


def test_q1_the_scale_handler_run_unbound_on_a_stand_in_is_named():
    """q1_wrong_r17_unbound_halving: the LossScaleOptimizer's own non-finite handler run unbound on an object holding a
    scale variable (no LossScaleOptimizer built): the scale-moving methods are watched as calls."""
    import linecache
    import pathlib

    path = "q1_wrong_r17_unbound_halving.py"
    source = pathlib.Path(__file__).parent.joinpath("attacks", "ex06", path).read_text()
    source += "report = ex06.check_scale_prediction(predicted_scale, 2.0 ** 15, 3)\n"
    linecache.cache[path] = (len(source), None, source.splitlines(True), path)
    namespace = {"__name__": "__main__", "tf": tf, "keras": keras, "ex06": ex06, "INITIAL_SCALE": 2.0 ** 15,
                 "BAD_STEPS": 3}
    exec(compile(source, path, "exec"), namespace)
    problem = namespace["report"].problem
    assert problem.startswith("the cell that sets predicted_scale runs _stateful_handle_non_finite_grads"), problem


def test_q2_a_scale_that_doubles_again_on_the_next_good_step_is_named():
    x, y = ex06._data(0)
    problem = ex06._growth_problem(_as_notebook("q2_wrong_r17_manual_growth_no_reset.py", "train_step"),
                                   x, y, 0, True).problem
    assert problem.startswith("the loss scale doubled to 2**25 after 2000 good steps, then went to 6.71089e+07 after "
                              "ONE more good step"), problem
    assert ex06._growth_problem(solution_step, x, y, 0, True) is None


def test_q3_a_growth_interval_other_than_keras_default_is_named():
    """q3_wrong_r17_growth_every_step: LossScaleOptimizer(..., dynamic_growth_steps=1), read off the optimizer."""
    fast = keras.mixed_precision.LossScaleOptimizer(keras.optimizers.SGD(0.1), dynamic_growth_steps=1)
    problem = ex06._scale_problem("mixed_float16", [fast])
    assert problem.startswith("mixed_float16: the LossScaleOptimizer doubles its scale after 1 good steps: the rule is "
                              "Keras' dynamic loss scaling as it comes"), problem
    assert ex06._scale_problem("mixed_float16", [precision.optimizer("mixed_float16")]) is None


def test_q3_a_run_history_kept_on_a_class_is_named():
    problem = ex06.check_compare(_as_notebook("q3_wrong_r17_history_class_attr.py", "train_with_policy"), steps=1).problem
    assert problem.startswith("train_with_policy changed attribute 'runs' of the notebook's class '_History'"), problem


# --------------------------------------------------------------------------- issue 38, round 18


def test_q2_a_loss_refilled_by_later_steps_or_batches_kept_is_named():
    """q2_wrong_r18_shared_numpy_buffer / shared_result_variable (one buffer returned by every call, refilled by the
    next step) and keeps_batches_global (each step's batch kept in a module-level dict); no training run here."""
    from gpukit.course.exercises import _numbers_of, kept_state

    namespace = {"__name__": "__main__", "np": np}
    exec("BUF = np.zeros((), np.float32)\nSEEN = {}\n"
         "def buffer_step(model, optimizer, x, y):\n    BUF[...] = x\n    return BUF\n"
         "def keeping_step(model, optimizer, x, y):\n    SEEN[len(SEEN)] = x\n    return float(x)\n"
         "def right_step(model, optimizer, x, y):\n    return np.float32(x)\n", namespace)
    for name, says in [("buffer_step", "the rule: each call returns a loss of its own"),
                       ("keeping_step", "train_step changed module-level 'SEEN' during the call")]:
        fn = namespace[name]
        got = fn(None, None, 1.0, None)
        first, state = _numbers_of(got), kept_state(fn)
        fn(None, None, 2.0, None)
        problem = ex06._later_steps_problem(fn, got, first, state, {}).problem
        assert problem.startswith(says), problem
    fn = namespace["right_step"]
    got = fn(None, None, 1.0, None)
    first, state = _numbers_of(got), kept_state(fn)
    fn(None, None, 2.0, None)
    assert ex06._later_steps_problem(fn, got, first, state, {}) is None


def test_q3_a_run_kept_in_the_globals_dict_is_named():
    """q3_wrong_r18_keeps_last_model_attr: each run's model stored in the function's globals by a string key."""
    namespace = {"__name__": "__main__"}
    exec("def keeps(p):\n    keeps.__globals__.setdefault('_RUNS', {})[p] = object()\n"
         "def right(p):\n    return [p]\n", namespace)
    for name, says in [("keeps", "added '_RUNS'"), ("right", None)]:
        before = ex06._globals_state(namespace[name])
        namespace[name]("float32")
        assert ex06._globals_problem(namespace[name], before) == says
    before = ex06._globals_state(namespace["keeps"])  # '_RUNS' there already: an item replaced shows
    namespace["keeps"]("float32")
    assert ex06._globals_problem(namespace["keeps"], before) == "changed '_RUNS'"


def test_q3_a_refilled_result_list_and_a_step_for_zero_steps_are_named():
    """q3_wrong_r18_aliased_result_list (one list cleared and refilled by every call) and do_while_steps (steps=0 trains
    once and returns one loss)."""
    kept = []

    def aliased(policy_name, x, y, steps, seed):
        kept[:] = solution_compare(policy_name, x, y, steps, seed)
        return kept

    def do_while(policy_name, x, y, steps, seed):
        return solution_compare(policy_name, x, y, max(steps, 1), seed)

    problem = ex06.check_compare(aliased, steps=1).problem
    assert problem.startswith("the rule: each call returns a list of its own, which no later call changes"), problem
    problem = ex06.check_compare(do_while, steps=1).problem
    assert problem.startswith("the rule: steps=0 trains nothing and returns no loss"), problem
