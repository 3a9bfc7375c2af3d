"""Checks of exercise 06 (lesson 06, mixed precision): each runs the learner's answer and a
reference computed independently (one plain float32 ``GradientTape`` step or loop) and returns a
``Report``.

* ``check_scale_prediction(value, initial_scale, bad_steps)``: the loss scale after ``bad_steps``
  non-finite steps, graded exactly;
* ``check_train_step(train_step, seed)``: the debugged float16 step (loss scaled, gradients
  unscaled, output float32) must move the weights like one float32 step;
* ``check_compare(train_with_policy, steps, seed)``: "compare regular and mixed-precision
  training", made correct: each policy's losses track float32, and the global policy is restored.
"""

from __future__ import annotations

import re
import sys

import numpy as np

from . import Report, number_problem, not_solved, try_answer, watch_calls, watch_clips, watched_calls

LEARNING_RATE = 0.1
GROWTH_STEPS = 2000  # Keras' LossScaleOptimizer's default dynamic_growth_steps (q3's prompt names it)
TOLERANCE = {"float32": 1e-5, "mixed_float16": 2e-2, "mixed_bfloat16": 1e-1}


def _watch_q1() -> None:
    """q1's "before running anything" observed (issue 38, round 4: a blind answer stepped a LossScaleOptimizer on
    inf gradients in the answer cell and read its scale). From the setup cell on (it imports this module), a
    LossScaleOptimizer's ``apply_gradients`` / ``apply`` and ``gpukit.precision.scale_after`` note each call made
    from a cell that assigns ``predicted_scale`` (the answer cell; given cells that train are not noted)."""
    from ... import precision
    from ..._tf import keras

    watch_calls(keras.mixed_precision.LossScaleOptimizer, ["apply_gradients", "apply"], _Q1_CALLS,
                cell_assigns="predicted_scale")
    watch_calls(precision, ["scale_after"], _Q1_CALLS, cell_assigns="predicted_scale")
    # round 17 (q1_wrong_r17_unbound_halving: the class's own non-finite handler run unbound on a stand-in object with
    # a scale variable of its own, which no LossScaleOptimizer built): the methods that move the scale, watched as
    # calls, whoever ``self`` is
    lso = keras.mixed_precision.LossScaleOptimizer
    watch_calls(lso, [f for f in ("_stateful_handle_finite_grads", "_stateful_handle_non_finite_grads",
                                  "_stateless_handle_finite_grads", "_stateless_handle_non_finite_grads")
                      if f in vars(lso)], _Q1_CALLS, cell_assigns="predicted_scale")
    _watch_scale_state(keras.mixed_precision.LossScaleOptimizer)
    _watch_copies(precision)
    # issue 38, round 14 (q1_wrong_r14_legacy_dynamic_loss_scale, q1_wrong_r14_v1_mixed_precision_lso): TensorFlow's
    # legacy DynamicLossScale (tf.compat.v1.mixed_precision), stepped by hand or by the v1
    # MixedPrecisionLossScaleOptimizer, moves its scale in its ``update``: watched like tf_keras' (loaded with
    # TensorFlow: no import, no cost)
    from tensorflow.python.training.experimental import loss_scale as legacy

    watch_calls(legacy.DynamicLossScale, ["update"], _Q1_CALLS, cell_assigns="predicted_scale")
    _watch_scaler_copies(keras.mixed_precision.LossScaleOptimizer)


_LSO_COPY = "a copy of Keras' LossScaleOptimizer's code"


def _watch_scaler_copies(scaler) -> None:
    """Issue 38, round 16 (q1_wrong_r16_exec_copy_lso: Keras' loss_scale_optimizer.py, its source compiled afresh under
    another file name, its LossScaleOptimizer stepped on inf gradients): the scale-moving methods of the class are
    fresh functions there, whose variables are the copy's own, so neither the call watch nor the scale watch sees
    them. One audit hook (beside the shared copy watch, which compares code objects with their line tables) notes an
    ``exec`` of code that defines a function whose bytecode and constants, read without file, line or names
    (``_name_free``; round 27), are those of one of the class's methods that move the scale, when the cell that runs
    it assigns ``predicted_scale``. Cost: a set lookup of each code object's bytecode per exec (the tree walked once)."""
    from . import _cell_assigns, _code_tree, add_audit_hook, audit_hook_added, notebook_globals

    if audit_hook_added("__gpukit_lso_copies__"):
        return
    methods = [getattr(scaler, f) for f in ("_stateful_handle_finite_grads", "_stateful_handle_non_finite_grads",
                                           "_stateless_handle_finite_grads", "_stateless_handle_non_finite_grads")
               if hasattr(scaler, f)]
    codes = [getattr(m, "__gpukit_original__", m).__code__ for m in methods]
    bytecodes = {c.co_code for c in codes}
    # issue 38, round 27 (q1_wrong_r27_renamed_keras_lso: the source exec'd with its class, methods and variables
    # renamed: dynamic_scale -> cur_s, _stateful_handle_non_finite_grads -> ..._bad_grads): the names left out of the
    # key (bytecode and constants only; a rename keeps the bytecode, which refers to names by their index)
    keys = {_name_free(c) for c in codes}

    def hook(event, args):
        if event != "exec" or not args or not hasattr(args[0], "co_code"):
            return
        if not any(c.co_code in bytecodes and _name_free(c) in keys for c in _code_tree(args[0])):
            return
        frame = sys._getframe(1)
        notebook = notebook_globals(frame)
        if notebook is not None and _cell_assigns(frame, notebook, "predicted_scale"):
            notebook[_Q1_CALLS] = list(notebook.get(_Q1_CALLS, ()))[-63:] + [(_LSO_COPY, None)]

    add_audit_hook(hook, "__gpukit_lso_copies__")


def _name_free(code) -> tuple:
    """``_line_free`` without the names: a code object's bytecode and constants (its nested code read the same way)."""
    return (code.co_code, tuple(_name_free(k) if isinstance(k, type(code)) else (type(k), k) for k in code.co_consts))


_COPY = "a copy of gpukit.precision.scale_after's code"
_TF_KERAS = "a tf_keras LossScaleOptimizer or TensorFlow's legacy DynamicLossScale (its loss scale updated)"
_TF_KERAS_LSO = "tf_keras.src.mixed_precision.loss_scale_optimizer"


def _watch_copies(precision) -> None:
    """Issue 38, round 10: q1's ban ("by any method") observed where the watch on ``precision.scale_after`` and on
    Keras' LossScaleOptimizer does not reach. Planted: a second copy of gpukit/precision.py loaded with importlib
    (q1_wrong_r10_fresh_module), scale_after's definition pulled out of the file with ast, or its source with inspect,
    and exec'd (q1_wrong_r10_{exec_file,exec_source,exec_dedent}, round 9's exec_renamed under another name): the
    shared ``watch_copies`` (since round 14; 07 q2 and 08 q1 use it too). And tf_keras' (Keras 2's)
    LossScaleOptimizer stepped on inf gradients (q1_wrong_r10_tf_keras): once tf_keras' loss-scale module is loaded
    (the same audit hook sees the imports), its ``_DynamicLossScaleState.update``, which every tf_keras
    LossScaleOptimizer's step calls to move its scale, is watched like ``scale_after``."""
    from . import add_audit_hook, audit_hook_added, watch_copies

    # round 15 (q1_wrong_r15_code_clone_scale_after: scale_after's code re-wrapped with types.FunctionType): clones too
    watch_copies(precision, "scale_after", _Q1_CALLS, cell_assigns="predicted_scale", what=_COPY, clones=True)
    if audit_hook_added("__gpukit_tf_keras__"):
        return
    tf_keras_watched = []

    def hook(event, args):
        if event != "import" or tf_keras_watched:
            return
        module = sys.modules.get(_TF_KERAS_LSO)
        state = getattr(module, "_DynamicLossScaleState", None)
        if state is not None and hasattr(state, "update"):
            tf_keras_watched.append(True)
            watch_calls(state, ["update"], _Q1_CALLS, cell_assigns="predicted_scale")

    add_audit_hook(hook, "__gpukit_tf_keras__")


def _watch_scale_state(scaler) -> None:
    """Issue 38, round 9 (q1_wrong_r9_{stateless_apply,direct_class_handle,common_apply}): a LossScaleOptimizer
    stepped past ``apply`` -- its ``stateless_apply``, its private ``_common_apply`` or
    ``_stateful_handle_non_finite_grads`` -- kept q1's points: a list of method names never ends. What every way of
    stepping one does is observed instead: it writes the optimizer's state, its loss scale and its good-step counter
    (``assign`` / ``assign_add`` of ``dynamic_scale`` and ``step_counter``; ``stateless_apply`` writes them too, into
    the stateless scope whose values it returns). Each LossScaleOptimizer built from now on has those two variables'
    writes noted, as ``watch_calls`` notes a call, when the cell that made them assigns ``predicted_scale``."""
    import functools

    from . import _cell_assigns, notebook_globals

    build = scaler.build
    if getattr(build, "__gpukit_scale_watch__", False):
        return

    def noted(variable, method, original):
        def write(*args, **kwargs):
            out = original(*args, **kwargs)
            notebook = notebook_globals(sys._getframe(1))
            if notebook is not None and _cell_assigns(sys._getframe(1), notebook, "predicted_scale"):
                notebook[_Q1_CALLS] = list(notebook.get(_Q1_CALLS, ()))[-63:] + [
                    (f"LossScaleOptimizer.{variable}.{method}", None)]
            return out
        return write

    @functools.wraps(build)
    def watched_build(self, var_list):
        out = build(self, var_list)
        for variable in ("dynamic_scale", "step_counter"):
            target = getattr(self, variable, None)
            for method in ("assign", "assign_add", "assign_sub"):
                if target is not None and hasattr(target, method):
                    try:
                        object.__setattr__(target, method, noted(variable, method, getattr(target, method)))
                    except (AttributeError, TypeError):  # a variable type that takes no attribute: not watched
                        pass
        return out

    watched_build.__gpukit_scale_watch__ = True
    del watched_build.__wrapped__
    scaler.build = watched_build


_Q1_CALLS = "__gpukit_ex06_scale_calls__"
_watch_q1()

# Issue 38, round 15 (round 14's gaps q2_clip_scaled_huge, q3_manual_clip: tf.clip_by_global_norm at a norm no case of
# the checks reaches, added by hand; the contract: the gradients as the tape gives them, no clipping): TensorFlow's clip
# functions note each call made from notebook code (an answer's train_step or train_with_policy; Keras' own clipnorm
# does not go through them, and no right answer calls them); q2's and q3's checks read the record of their own calls
_CLIP_CALLS = watch_clips()   # the shared watch of TensorFlow's clip functions


def _clips_cleared(frame) -> None:
    """Forget the clip calls noted before a check (the notebook's record, ``watch_calls``)."""
    from . import notebook_globals

    notebook = notebook_globals(frame)
    if notebook is not None:
        notebook.pop(_CLIP_CALLS, None)


def _clip_calls_problem(name: str) -> str | None:
    called = sorted({f for f, _ in watched_calls(_CLIP_CALLS, sys._getframe(1))})
    if not called:
        return None
    return (f"{name} called tf.{', tf.'.join(called)}: the rule is the gradients handed to the optimizer as the tape "
            f"gives them (no clipping, at any norm or value, however rarely it acts)")


HINTS = {
    "q1": [
        "Read how a dynamic loss scale reacts to one step whose gradients are not finite.",
        "It does not react to a bad step by adding or subtracting: it multiplies.",
        "Each of the BAD_STEPS steps halves the scale; no good steps follow, so it never grows again.",
    ],
    "q2": [
        "Compare one step of the handed step with one float32 step of the same model: print the ratio of one "
        "weight's change.",
        "The loss is multiplied by the loss scale before the backward pass, so the gradients come out scaled too.",
        "LossScaleOptimizer has methods to scale the loss and to unscale the gradients; which one is missing?",
    ],
    "q3": [
        "Start from a float32 version that works, then change only the policy, then the optimizer.",
        "Only float16 needs loss scaling (its exponent range is small); bfloat16 has float32's range.",
        "keras.mixed_precision.set_global_policy changes what every new layer computes in: set it back when you "
        "are done, even if something fails (try/finally).",
    ],
}

def check_scale_prediction(value, initial_scale: float, bad_steps: int) -> Report:
    """The scale after ``bad_steps`` inf/NaN steps (fewer good steps than the growth interval)."""
    from ... import precision

    expected = precision.scale_after(bad_steps, initial_scale)
    details = {"initial_scale": initial_scale, "bad_steps": bad_steps, "expected": expected, "got": value}
    name = "predicted_scale"
    problem = number_problem(name, value)
    if problem:
        return Report(name, problem, details)
    called = sorted({_TF_KERAS if f == "update" else f for f, _ in watched_calls(_Q1_CALLS)})
    from . import child_process_problem  # issue 38, round 7 (subprocess_lso): the optimizer stepped in a child process

    if child_process_problem(name):
        return Report(name, child_process_problem(name), details)
    if called:
        return Report(name, f"the cell that sets {name} runs {', '.join(called)} (a LossScaleOptimizer stepped: its "
                            f"loss scale or good-step counter written, Keras', tf_keras' or TensorFlow v1's; or "
                            f"gpukit.precision.scale_after, the module's or a copy of its code, or a copy of Keras' loss-scale code): the rule is a prediction worked out before running "
                            f"anything (arithmetic in the cell is fine). If that was only a try, restart the kernel and "
                            f"run all", details)
    if float(value) == expected:
        return Report(name, None, details)
    wrong = [(initial_scale * 2 ** bad_steps, "the scale grows after good steps; after a bad step it shrinks"),
             (initial_scale, "a bad step does change the scale"),
             (initial_scale / 2, "each bad step changes the scale, not only the first"),
             (initial_scale / 2 ** (bad_steps + 1), "count the bad steps again: one change per bad step")]
    for candidate, why in wrong:
        if float(value) == candidate:
            return Report(name, f"{value:g} is not the scale after {bad_steps} bad steps from {initial_scale:g}: {why}",
                          details)
    return Report(name, f"{value:g} is not the scale after {bad_steps} bad steps from {initial_scale:g}", details)


def _data(seed, n=64, dim=64, small=1.0):
    rng = np.random.default_rng(seed)
    x = (rng.normal(size=(n, dim)) * small).astype("float32")
    y = rng.integers(0, 10, size=n).astype("int32")
    return x, y


def _reference_step(x, y, seed, with_loss=False):
    """One float32 SGD step of ``precision.mlp`` with plain GradientTape: the weights after it (and,
    ``with_loss``, the loss before it)."""
    from ... import precision, training
    from ..._tf import keras, tf

    model = precision.mlp("float32", hidden=(32,), seed=seed)
    loss_fn = training.per_example_loss()
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(loss_fn(y, model(x)))
    keras.optimizers.SGD(LEARNING_RATE).apply_gradients(
        zip(tape.gradient(loss, model.trainable_variables), model.trainable_variables))
    return (model.get_weights(), float(loss)) if with_loss else model.get_weights()


def check_train_step(train_step, seed: int = 0, float32_output: bool = True) -> Report:
    """``train_step(model, optimizer, x, y)`` on a mixed_float16 ``precision.mlp`` with a
    ``LossScaleOptimizer(SGD(0.1))`` (built: its variables exist, so a step compiled with
    ``tf.function`` works too) must change the weights like one float32 step (to 2e-2 of the
    update's size) and return the batch's loss before the update (not the scaled loss), and the
    model's output layer must compute in float32."""
    from ... import precision
    from ..._tf import keras

    name = "train_step"
    _clips_cleared(sys._getframe(1))
    x, y = _data(seed)
    model = precision.mlp("mixed_float16", hidden=(32,), seed=seed, float32_output=float32_output)
    opt = precision.optimizer("mixed_float16", keras.optimizers.SGD(LEARNING_RATE))
    opt.build(model.trainable_variables)
    scale = float(opt.scale_loss(1.0))
    before = model.get_weights()
    from . import _numbers_of, kept_state, kept_state_problem

    # issue 38, round 24 (q2_wrong_r23_step_on_optimizer: the step compiled once and stored in the handed optimizer's
    # __dict__): the attribute names of the model and the optimizer handed in, read before the first call and after it
    # (a right step adds none, eager or compiled: measured); cost: two reads of two __dict__s
    handed = (("model", model), ("optimizer", opt))
    handed_state = kept_state(None, given=handed)
    # issue 38, round 26 (q2_wrong_r26_lru_cache: a notebook helper under functools.lru_cache keeps one compiled step per
    # (model, optimizer); it grows on the first call only, after which the reading below is taken): the sizes of the
    # functools caches of the notebook helpers the step's code names, read before the first call, compared after the
    # later steps (a module-level tf.function or one made inside the step has no functools cache); cost: two reads
    caches = _helper_caches(train_step)
    library = _library_state()  # issue 38, round 27 (q2_wrong_r27_step_cache_pair_on_module); compared last
    got = try_answer(train_step, model, opt, x, y)
    handed_kept = kept_state_problem(name, handed_state, None, given=handed)
    # issue 38, round 18 (q2_wrong_r18_shared_result_variable, shared_numpy_buffer: one tf.Variable or numpy buffer
    # returned by every call, refilled by the next step; keeps_batches_global: every step's batch kept in a module-level
    # dict): the first loss's numbers, and what the step can keep, read now and compared after the later steps below
    # a tf.function's own traces are its cache, not the answer's state: the Python function it wraps is read
    # issue 38, round 28 (q2_wrong_r28_default_arg_cache: a compiled step per (id(model), id(optimizer)) kept in a
    # mutable default argument, ``_steps={}``): the step's mutable default arguments are read too (``defaults``)
    first_loss, state = _numbers_of(got), kept_state(getattr(train_step, "python_function", train_step), defaults=True)
    if got is None and all(np.array_equal(a, b) for a, b in zip(before, model.get_weights())):
        return Report(name, not_solved(name))
    if model.layers[-1].compute_dtype != "float32":
        return Report(name, "the output layer computes in float16: softmax and cross-entropy lose small probabilities; "
                            "the logits layer must compute in float32")
    reference, loss = _reference_step(x, y, seed, with_loss=True)
    want = [b - a for a, b in zip(before, reference)]
    moved = [b - a for a, b in zip(before, model.get_weights())]
    ratios = [float(np.linalg.norm(m) / max(np.linalg.norm(w), 1e-30)) for m, w in zip(moved, want)]
    details = {"update_ratio_per_weight": ratios, "loss_scale": scale, "loss": loss}
    if not all(np.isfinite(w).all() for w in model.get_weights()):
        return Report(name, "the weights are not finite after one step", details)
    if max(ratios) > 100:
        return Report(name, f"the update is {max(ratios):.3g}x the float32 step: the gradients reach the "
                            f"optimizer still multiplied by the loss scale", details)
    if 0 < max(ratios) and all(abs(r * scale - 1) < 0.1 for r in ratios):
        return Report(name, f"the update is 1/{scale:g} of the float32 step: the gradients are divided by the loss "
                            f"scale but were never multiplied by it", details)
    if min(ratios) < 1e-3 and float(opt.scale_loss(1.0)) < scale:
        try:
            summed = abs(float(np.asarray(got, dtype=np.float64)) - len(x) * loss) <= 1e-2 * len(x) * loss
        except (TypeError, ValueError):
            summed = False
        if summed:  # planted: the sum over the batch (issue 38, round 3: the message named only the overflow)
            return Report(name, f"train_step's loss is the SUM over the batch ({len(x)} x the mean): the rule is the "
                                f"mean loss (tf.reduce_mean); {len(x)} x larger gradients, times the loss scale, "
                                f"overflow float16, so the step was skipped", details)
        return Report(name, f"the weights did not move and the loss scale fell to {float(opt.scale_loss(1.0)):g}: "
                            f"the scaled gradients overflowed float16 (inf), so the step was skipped: the loss must be "
                            f"the batch's mean (a sum or a larger loss overflows), scaled once", details)
    if min(ratios) < 1e-3:
        return Report(name, "the weights did not move: no update was applied (or every gradient was zero)", details)
    worst = max(float(np.max(np.abs(m - w))) / max(float(np.max(np.abs(w))), 1e-30) for m, w in zip(moved, want))
    details["worst_relative_error"] = worst
    if worst > 2e-2:
        return Report(name, f"the update differs from one float32 step by {worst:.2g} of its size (it is about "
                            f"{float(np.median(ratios)):.2g}x the float32 step): the rule is one SGD step of the mean "
                            f"loss's gradients: the loss multiplied by the optimizer's current loss scale, its "
                            f"gradients handed to the LossScaleOptimizer as the tape gives them (no clipping, no other "
                            f"factor), which divides the scale out again", details)
    if got is None:
        return Report(name, "train_step trained the model but returned None: it must return the loss", details)
    try:
        details["returned"] = returned = float(np.asarray(got, dtype=np.float64))
    except (TypeError, ValueError):
        return Report(name, f"train_step must return the loss (one number), not {type(got).__name__}", details)
    if abs(returned - scale * loss) <= 2e-2 * scale * loss:
        return Report(name, f"train_step returned {returned:.6g}, the loss x the loss scale {scale:g}: it must "
                            f"return the loss itself ({loss:.4f})", details)
    if not abs(returned - loss) <= 1e-3 * abs(loss):  # a right float16 step returns it within ~3e-5 (issue 38, round 3)
        return Report(name, f"train_step returned {returned:.6g}, but the batch's loss before the update is "
                            f"{loss:.4f}", details)
    dtype = getattr(got, "dtype", None)
    dtype = str(getattr(dtype, "name", dtype or ""))
    if any(low in dtype for low in ("float16", "bfloat16")):  # round 15 (q2_wrong_r15_return_float16_loss)
        return Report(name, f"train_step returned a {dtype} loss: the rule is the mean loss of the float32 logits, "
                            f"returned as float32 (or a Python float), not rounded to 16 bits", details)
    if dtype and dtype != "float32" and not isinstance(got, float):  # round 16 (q2_wrong_r16_float64_loss)
        return Report(name, f"train_step returned a {dtype} loss: the rule is the mean loss of the float32 logits, "
                            f"returned as a float32 tensor or a Python float (the loss as the step computes it, not cast "
                            f"to another dtype)", details)
    return (_recipe_problem(model, before, x, y, seed, float32_output, details)
            or _overflow_problem(train_step, x, y, seed, float32_output, loss)
            or _large_logits_problem(train_step, float32_output) or _nan_problem(train_step, x, y, seed, float32_output)
            or _growth_problem(train_step, x, y, seed, float32_output, loss)
            or _growth_count_problem(train_step, x, y, seed, float32_output)
            or _clip_problem(train_step, seed, float32_output)
            or _quiet_hidden_problem(train_step, seed, float32_output) or _tiny_loss_problem(train_step, float32_output)
            or (lambda clip: Report(name, clip, details) if clip else None)(_clip_calls_problem(name))
            or _top_scale_problem(train_step, x, seed, float32_output)
            or (Report(name, handed_kept, details) if handed_kept else None)
            or _later_steps_problem(train_step, got, first_loss, state, details, caches)
            or _handed_optimizer_problem(train_step, model, x, y, details)
            or _raising_step_problem(train_step, model, opt, x, y, details)
            or (lambda kept: Report(name, kept, details) if kept else None)(_library_problem(name, library))
            or Report(name, None, details))


def _library_state() -> dict:
    """Issue 38, round 27 (q2_wrong_r27_step_cache_pair_on_module: a compiled step per (model, optimizer) kept in a dict
    hung on the gpukit.training module; q3_wrong_r27_carry_scale_on_module: the last run's loss scale in a dict hung
    on gpukit.precision): what gpukit's own modules (not gpukit.course's) hold (``modules_state``, with contents). A
    check reads it before an answer's first call and after its last: gpukit's functions that an answer calls keep
    nothing there (measured). Cost: one pass over a few dozen small module namespaces."""
    import types

    from . import modules_state

    return modules_state([module for name, module in list(sys.modules.items())
                          if (name == "gpukit" or name.startswith("gpukit.")) and not name.startswith("gpukit.course")
                          and isinstance(module, types.ModuleType)], contents=True)


def _library_problem(name: str, before: dict) -> str | None:
    """What the calls since ``before`` (``_library_state``) added to or changed in gpukit's modules, named by the
    rule, else None."""
    from . import module_changes

    added, changed = module_changes(before, _library_state())
    if not added and not changed:
        return None
    return (f"{name} {'added ' + ', '.join(added[:2]) if added else 'changed ' + ', '.join(changed[:2])} (state kept "
            f"on a gpukit module between calls: a cache, the last result or loss scale): the contract is it keeps "
            f"nothing between calls, on no module either")


def _bad_labels(y):
    """``y`` with its first label 10, outside the model's 10 classes: Keras' sparse cross-entropy raises on it (CPU),
    eager or in a graph, before any update."""
    bad = np.array(y, copy=True)
    bad[0] = 10
    return bad


def _session_left_changed(fn, *args) -> str | None:
    """Issue 38, round 24 (q2/q3_wrong_r23_policy_leak_on_error: the global policy set for the call and put back only
    on its normal path): ``fn(*args)`` on a bad batch (``_bad_labels``), which raises inside it; what it left changed
    in the session (``session_kept``'s words), else None. The answer's own error is expected and dropped."""
    try:
        try_answer(fn, *args)
    except AssertionError as err:
        text = str(err)
        if "a setting of the whole session" not in text:
            return None  # the answer's own assert (e.g. on the labels' range)
        changed = text.split(" changed ", 1)[-1].split(": a setting of the whole session", 1)[0]
        raised = text.split("(and then it raised ", 1)[-1].split(":", 1)[0] if "(and then it raised" in text else None
        return f"changed {changed}{f' and raised {raised}' if raised else ''}"
    except Exception:  # noqa: BLE001 - the bad batch's own error: expected
        return None
    return None


def _raising_step_problem(train_step, model, opt, x, y, details) -> Report | None:
    """The check's first model and optimizer handed a bad batch (a label out of range): the step raises, and must
    leave the session as it found it, the global policy included (try/finally). Cost: one forward pass."""
    left = _session_left_changed(train_step, model, opt, x, _bad_labels(y))
    if left is None:
        return None
    return Report("train_step", f"handed a bad batch (a label 10, outside the model's 10 classes), train_step {left}: "
                                f"the rule is the session left as it was found also when the call raises (a setting "
                                f"changed for the step is put back in a finally, or set with a with block; better, "
                                f"none changed: the model already computes in its own policy)", details)


def _handed_optimizer_problem(train_step, model, x, y, details) -> Report | None:
    """Issue 38, round 19 (q2_wrong_r19_step_cached_on_model: the step compiled once per model and stored on it, closing
    over the FIRST optimizer: a later call with the same model and another LossScaleOptimizer steps the old one): the
    check's first model stepped once more with a new LossScaleOptimizer, whose variables (its step counter, its
    scale, its inner optimizer's iterations) must move. Cost: one step."""
    from ... import precision
    from ..._tf import keras

    opt = precision.optimizer("mixed_float16", keras.optimizers.SGD(LEARNING_RATE))
    opt.build(model.trainable_variables)
    before = [np.array(v.numpy(), copy=True) for v in opt.variables]
    try_answer(train_step, model, opt, x, y)
    if any(not np.array_equal(a, v.numpy()) for a, v in zip(before, opt.variables)):
        return None
    return Report("train_step", "train_step was called again on the same model with a new LossScaleOptimizer, and that "
                                "optimizer did not step (its step counter, loss scale and iterations are as built): the "
                                "rule is that each call trains one step with the model and the optimizer it is given "
                                "(nothing kept between calls: no step stored on the model that closes over an earlier "
                                "optimizer)", details)


def _helper_caches(train_step) -> dict:
    """``{"the functools cache of NAME": (id, size)}``: the ``functools`` caches (``lru_cache``, ``cache``) of the
    notebook helpers the step's code names (``kept_state(..., helpers=True)``'s entries; a helper's own helpers too)."""
    from . import kept_state

    found = kept_state(getattr(train_step, "python_function", train_step), helpers=True)
    return {k: v for k, v in found.items() if k.startswith("the functools cache of ")}


def _later_steps_problem(train_step, got, first_loss, state, details, caches=None) -> Report | None:
    """Issue 38, round 18: after the check's later steps (a dozen), the loss the first step returned must hold the
    number it held (q2_wrong_r18_shared_result_variable, shared_numpy_buffer: one tf.Variable or 0-d array returned by
    every call and refilled), and the step must keep nothing (q2_wrong_r18_keeps_batches_global: each step's (x, y,
    grads) in a module-level dict). Cost: one read of the result and of the step's globals."""
    from . import changed_since, kept_state_problem

    name = "train_step"
    changed = changed_since(got, first_loss)
    if changed is not None:
        return Report(name, f"the rule: each call returns a loss of its own (the step's tensor, or float(loss)), which "
                            f"no later step changes; the loss the first call returned ({np.round(first_loss, 6).tolist()}) "
                            f"reads {np.round(changed, 6).tolist()} after later steps (one variable or buffer refilled "
                            f"by every call)", details)
    kept = kept_state_problem(name, state, getattr(train_step, "python_function", train_step), defaults=True)
    if kept:
        return Report(name, f"{kept} (no batch, gradient or loss kept between steps)", details)
    after = _helper_caches(train_step) if caches is not None else {}
    grown = [(k, caches.get(k), v) for k, v in after.items() if caches.get(k) != v]
    if not grown:
        return None
    where, was, now = grown[0]
    return Report(name, f"{where[len('the functools cache of '):]} is a functools cache (lru_cache) that train_step's "
                        f"calls filled ({0 if was is None else was[1]} entries before the first call, {now[1]} after): "
                        f"the rule is that train_step keeps nothing between calls (no step compiled once per model and "
                        f"optimizer and cached: the cache keeps every model and optimizer ever passed alive): build what "
                        f"the step needs in each call", details)


def _recipe_problem(model, before, x, y, seed, float32_output, details) -> Report | None:
    """Issue 38, round 4 (tests/attacks/ex06/q2_wrong_r4_fp16_*): the learner's step against the recipe's own
    mixed-precision step on the same model and batch (gradients of ``optimizer.scale_loss`` of the mean loss of
    the float32 logits, handed unchanged to the LossScaleOptimizer). Planted: the logits cast to float16 before
    the loss, the gradients rounded to float16 before ``apply_gradients``: both stay within float16 error of a
    float32 step (2e-2), but move the float32 logits layer about 1e-4..1e-3 of its update away from the recipe,
    whose float32 arithmetic right answers repeat (measured: 0 for the six blind right answers, seeds 0 and 5)."""
    name = "train_step"
    off = details["recipe_difference"] = _recipe_difference(model, before, x, y, seed, float32_output)
    if off > 1e-5:
        return Report(name, f"the step is within float16 error of a float32 step, but the float32 logits layer moved "
                            f"{off:.2g} of its update away from the recipe's own mixed-precision step: the rule is the "
                            f"loss of the float32 logits (no cast to float16 before the loss) and the gradients handed to "
                            f"the LossScaleOptimizer as the tape gives them (no rounding to float16)", details)
    return None


def _recipe_difference(model, before, x, y, seed, float32_output, scale=None, build=None, hidden=False) -> float:
    """How far (a fraction of its update) the float32 logits layer of ``model`` moved from where the recipe's own
    mixed-precision step (``optimizer.scale_loss`` of the mean loss of the float32 logits, its gradients handed
    unchanged to a LossScaleOptimizer at ``scale``, default Keras' initial one) moves it from ``before``. ``hidden``
    (issue 38, round 28): the float16 hidden layers' weights instead (the same float16 arithmetic as the recipe's)."""
    from ... import precision, training
    from ..._tf import keras, tf

    twin = (build or precision.mlp)("mixed_float16", hidden=(32,), seed=seed, float32_output=float32_output)
    twin.set_weights(before)
    opt = precision.optimizer("mixed_float16", keras.optimizers.SGD(LEARNING_RATE))
    opt.build(twin.trainable_variables)
    if scale is not None:
        opt.dynamic_scale.assign(scale)
    loss_fn = training.per_example_loss()
    with tf.GradientTape() as tape:
        scaled = opt.scale_loss(tf.reduce_mean(loss_fn(y, twin(x, training=True))))
    opt.apply_gradients(zip(tape.gradient(scaled, twin.trainable_variables), twin.trainable_variables))
    last = len(twin.get_weights()) - 2  # the logits layer's kernel and bias: float32 arithmetic
    part = slice(0, last) if hidden else slice(last, None)
    want = [b - a for a, b in zip(before[part], twin.get_weights()[part])]
    moved = [b - a for a, b in zip(before[part], model.get_weights()[part])]
    return max(float(np.max(np.abs(m - w))) / max(float(np.max(np.abs(w))), 1e-30) for m, w in zip(moved, want))


_CLIP_ROWS = 8209  # _clip_problem's batch: rows (48 examples cycled), above 8192


def _clip_problem(train_step, seed, float32_output) -> Report | None:
    """Issue 38, round 9 (q2_wrong_r9_huge_clip: the gradients clipped by global norm at 5 x the loss scale before
    ``apply_gradients``, forbidden by the prompt): a batch whose scaled gradients are large but finite, the float32
    logits layer compared with the recipe's own step to 1e-5, as on the normal batch (right answers: 0).

    Issue 38, round 10, the same case sharpened (no new step): 48 examples, not 64 (planted: the mean written as
    ``sum / 64``, q2_wrong_r10_batch64; the per-example losses scaled and averaged in float16,
    q2_wrong_r10_scale_before_mean, exact only for 64 rows), inputs x 30 with the logits layer's kernel x 0.01 and the
    loss scale at 2**17: the float32 logits layer's scaled gradients reach ~4e5 (their global norm ~2.5e6, 19 x the
    scale) while the float16 layers' stay below ~1e4, so nothing overflows (measured, seeds 0, 1, 3, 5, 7). Any clip
    below that moves the step (planted: ``clip_by_value`` at 1e4 or at float16's max, q2_wrong_r10_clip_{value_1e4,
    f16max}; ``clip_by_global_norm(grads, 1e6)``, q2_wrong_r10_clip_global_norm; the earlier case, inputs x 5 at 2**10,
    had a norm of ~8e3 and a largest gradient of ~1.2e3, below all three)."""
    from ... import precision
    from ..._tf import keras

    # issue 38, round 12 (q2_wrong_r12_sum_over_len: the mean as sum / the batch size cast through float16, exact only
    # up to 2048): the 48 examples cycled to 2049 rows (float16 rounds 2049 to 2048; not a multiple of 64), so that
    # the mean's gradients stay as measured above (norm 18.7-19.6 x the scale, seeds 0 and 5; fresh random rows
    # average them down to ~4 x); a step of 2049 rows of this model costs no time to speak of
    # issue 38, round 26 (q2_wrong_r26_f16_accum: over 8192 rows, 8192-row micro-batches' gradients summed in float16):
    # 8209 rows (float16 rounds 8209 to 8208; 171 x 48 + 1): the logits layer's scaled gradients (~4e5) overflow a
    # float16 sum, the step is skipped; four times the rows of this 64-32-10 model still cost milliseconds
    x, y = (a[np.arange(_CLIP_ROWS) % 48] for a in _data(seed, n=48, small=30.0))
    model = precision.mlp("mixed_float16", hidden=(32,), seed=seed, float32_output=float32_output)
    weights = model.get_weights()
    weights[-2] = weights[-2] * np.float32(0.01)
    model.set_weights(weights)
    opt = precision.optimizer("mixed_float16", keras.optimizers.SGD(LEARNING_RATE))
    opt.build(model.trainable_variables)
    opt.dynamic_scale.assign(2.0 ** 17)
    before = model.get_weights()
    try_answer(train_step, model, opt, x, y)
    off = _recipe_difference(model, before, x, y, seed, float32_output, scale=2.0 ** 17)
    if off <= 1e-5:
        return None
    return Report("train_step", f"on a batch of {len(x)} examples with large, finite scaled gradients (up to ~4e5, "
                                f"global norm ~2.5e6 at a loss scale of 2**17; none overflows float16) the float32 logits "
                                f"layer moved {off:.2g} of its update away from the recipe's own mixed-precision step: "
                                f"the rule is the mean loss over the batch as given (tf.reduce_mean, whatever its size), "
                                f"multiplied once by the scale (optimizer.scale_loss(loss)), its gradients handed to the "
                                f"LossScaleOptimizer as the tape gives them (no clipping, zeroing or rounding, whatever "
                                f"their size; not summed in float16 over parts of the batch)", {"recipe_difference": off})


_LOSS_TOLERANCE = 1e-5  # _returned_loss_off: the loss returned against the model's own float32 logits' loss
_HIDDEN_TOLERANCE = 1e-3  # _large_hidden_problem: the hidden layers' distance from the recipe (float16 arithmetic)
_QUIET_INPUTS = 1000.0  # _quiet_hidden_problem's inputs: x 1000 (hidden activations up to a few thousand, in float16)
_TINY_MARGIN = 17.0    # _tiny_loss_problem's logit margin: a loss of ~5.5e-7, a subnormal number in float16


def _quiet_model(policy_name, *, seed, hidden=(32,), float32_output=True, build=None):
    """``precision.mlp`` (``build``: the function that builds it) with its logits layer's kernel set to zero: the
    gradients of its hidden layers are then exactly zero (they pass through that kernel), those of the float32 logits
    layer are not (they are the hidden activations times softmax - onehot)."""
    from ... import precision

    model = (build or precision.mlp)(policy_name, hidden=hidden, seed=seed, float32_output=float32_output)
    weights = model.get_weights()
    weights[-2] = np.zeros_like(weights[-2])
    model.set_weights(weights)
    return model


def _quiet_hidden_problem(train_step, seed, float32_output) -> Report | None:
    """Issue 38, round 27 (q2_wrong_r27_decay_hidden_kernels: weight decay added by hand to the hidden kernels'
    scaled gradients; q2_wrong_r27_clip_finite_huge: the finite gradients clipped to +-30 of their unscaled size with
    tf.minimum/maximum, no clip function): a batch where the hidden layer's gradients are exactly zero (the logits
    kernel zeroed) and the float32 logits layer's are large (inputs x 1000, all labels 0: their unscaled size is in
    the hundreds; the scale 1, nothing overflows). A right step leaves the hidden layer exactly where it was (SGD of
    a zero gradient, divided by the scale: zero) and moves the logits layer as the recipe's own step does (float32
    arithmetic: measured 0). Cost: one step of the small model and the recipe's twin step."""
    from ... import precision
    from ..._tf import keras

    if not float32_output:
        return None
    x, _ = _data(seed, small=_QUIET_INPUTS)
    y = np.zeros(len(x), dtype="int32")
    model = _quiet_model("mixed_float16", seed=seed)
    opt = precision.optimizer("mixed_float16", keras.optimizers.SGD(LEARNING_RATE))
    opt.build(model.trainable_variables)
    opt.dynamic_scale.assign(1.0)
    before = model.get_weights()
    try_answer(train_step, model, opt, x, y)
    after = model.get_weights()
    if any(not np.array_equal(a, b) for a, b in zip(before[:-2], after[:-2])):
        return Report("train_step", "on a batch where the hidden layer's gradients are exactly zero (the logits "
                                    "layer's kernel set to zero), train_step moved the hidden layer's weights: the rule "
                                    "is the gradients handed to the LossScaleOptimizer as the tape gives them, nothing "
                                    "added (no weight decay or other term written by hand), no clipping",
                      {"hidden_moved": True})
    off = _recipe_difference(model, before, x, y, seed, float32_output, scale=1.0, build=_quiet_model)
    if off <= 1e-5:
        return None
    return Report("train_step", f"on a batch whose float32 logits layer has large, finite gradients (in the hundreds "
                                f"unscaled, inputs x 1000; none overflows) the logits layer moved {off:.2g} of its "
                                f"update away from the recipe's own mixed-precision step: the rule is the gradients "
                                f"handed to the LossScaleOptimizer as the tape gives them (no clipping, at any value, "
                                f"written by hand or not: tf.minimum/maximum too; nothing added)",
                  {"recipe_difference": off})


def _tiny_loss_problem(train_step, float32_output) -> Report | None:
    """Issue 38, round 27 (q2_wrong_r27_roundtrip_f16_loss: the loss rounded through float16 and cast back to float32:
    a float32 tensor, within 1e-3 of the loss on the normal batches, where float16 keeps 11 bits): a batch whose mean
    loss is tiny (48 examples, the logits kernel x 0.3, the bias 17 for class 0, all labels 0: a loss of 5.5e-7,
    subnormal in float16, whose spacing there is 6e-8), where a float16 round trip is 2.3e-2 of it off (measured; a
    right step returns the float32 loss to ~1e-7). Cost: one step."""
    from ... import precision, training
    from ..._tf import keras, tf

    if not float32_output:
        return None
    x, _ = _data(1, n=48)
    y = np.zeros(len(x), dtype="int32")
    model = precision.mlp("mixed_float16", hidden=(32,), seed=1)
    weights = model.get_weights()
    weights[-2] = weights[-2] * np.float32(0.3)  # the examples' losses differ a little (a mean off float16's grid)
    weights[-1] = np.zeros_like(weights[-1])
    weights[-1][0] = _TINY_MARGIN
    model.set_weights(weights)
    want = float(tf.reduce_mean(training.per_example_loss()(y, model(x, training=True))))
    opt = precision.optimizer("mixed_float16", keras.optimizers.SGD(LEARNING_RATE))
    opt.build(model.trainable_variables)
    returned = _returned_loss_off(try_answer(train_step, model, opt, x, y), want)
    if returned is None:
        return None
    return Report("train_step", f"on a batch whose mean loss is tiny ({want:.4g}: a subnormal number in float16, whose "
                                f"spacing there is 6e-8), train_step returned {returned:.6g} "
                                f"({abs(returned - want) / abs(want):.1e} of it off, allowed {_LOSS_TOLERANCE:g}): the rule "
                                f"is the loss returned as float32 or a Python float, not rounded (to 16 bits, a cast to "
                                f"float16 and back rounds it too, or to a few digits)", {"returned": returned, "loss": want})


def _returned_loss_off(got, want: float, tolerance: float | None = None) -> float | None:
    """The loss ``train_step`` returned, as a float, when it is more than ``_LOSS_TOLERANCE`` (relative) off the batch's
    mean loss ``want`` (the model's own float32 logits' loss, computed by the check on the same weights); None when it
    is within, or not a number (the normal step's check names that). Issue 38, round 28 (q2_wrong_r28_sigfig_loss: the
    loss rounded to 4 significant digits, 7e-5..3e-4 of it off here): 1e-5, was 1e-3 (right answers, eager or
    compiled: 0, measured; float32 arithmetic in another order: ~1e-7). ``tolerance``: another (``_inf_problem``'s
    1e-3, whose message names an inf loss, not a rounded one)."""
    try:
        returned = float(np.asarray(got, dtype=np.float64))
    except (TypeError, ValueError):
        return None
    tolerance = _LOSS_TOLERANCE if tolerance is None else tolerance
    return None if abs(returned - want) <= tolerance * abs(want) else returned


def _large_logits_problem(train_step, float32_output) -> Report | None:
    """Issue 38, round 7 (q2_wrong_r7_loss_from_float16_logits_value): the loss returned is the mean loss of the float32
    logits, to the prompt's 1e-3 (1e-5 since round 28: ``_LOSS_TOLERANCE``). Planted: the loss recomputed from the
    logits cast to float16 (within 1e-3 on the normal batch). A batch whose logits are large (inputs x 100: logits up to ~330, where float16's spacing is
    0.25) and whose labels are the model's own first choices (a small loss, ~0.013) shows float16's rounding: the
    float16 loss is 3e-2 of it off (seed 3, measured), while a right step returns the twin's float32 loss to ~1e-7."""
    from ... import precision, training
    from ..._tf import keras, tf

    if not float32_output:
        return None
    x, _ = _data(3, small=100.0)
    model = precision.mlp("mixed_float16", hidden=(32,), seed=3)
    logits = model(x, training=True)
    y = np.argmax(logits.numpy(), axis=1).astype("int32")
    want = float(tf.reduce_mean(training.per_example_loss()(y, logits)))
    opt = precision.optimizer("mixed_float16", keras.optimizers.SGD(LEARNING_RATE))
    opt.build(model.trainable_variables)
    before = model.get_weights()
    returned = _returned_loss_off(try_answer(train_step, model, opt, x, y), want)
    if returned is None:
        return _large_hidden_problem(model, before, x, y)
    return Report("train_step", f"on a batch with large logits (up to {float(tf.reduce_max(tf.abs(logits))):.0f}) and a "
                                f"small loss, train_step returned {returned:.6g}, but the batch's mean loss of the "
                                f"model's float32 logits is {want:.6g} ({abs(returned - want) / abs(want):.1e} of it off, "
                                f"allowed {_LOSS_TOLERANCE:g}): the rule is the loss of the float32 logits as the model "
                                f"gives them, not rounded (logits rounded to float16 before the loss lose it; so does a "
                                f"loss rounded to a few digits)",
                  {"returned": returned, "loss": want})


def _large_hidden_problem(model, before, x, y) -> Report | None:
    """Issue 38, round 28 (q2_wrong_r28_clip_hidden_unscaled: the float16 hidden layers' gradients rescaled by hand to
    an unscaled norm of at most 1; no case had a hidden gradient that large, and only the float32 logits layer was
    compared with the recipe): ``_large_logits_problem``'s step (inputs x 100: the hidden kernel's unscaled gradient
    has a norm of ~5.8, seed 3, measured; nothing overflows at 2**15) has its float16 hidden layers compared with the
    recipe's own step of a twin. The same float16 arithmetic: right answers, eager or compiled, measured 0. Cost: the
    twin's one step of the small model."""
    off = _recipe_difference(model, before, x, y, 3, True, hidden=True)
    if off <= _HIDDEN_TOLERANCE:
        return None
    return Report("train_step", f"on a batch with large logits (inputs x 100: the hidden layer's unscaled gradients "
                                f"have a norm of ~6) the float16 hidden layer moved {off:.2g} of its update away from "
                                f"the recipe's own mixed-precision step: the rule is the gradients handed to the "
                                f"LossScaleOptimizer as the tape gives them (no clipping, zeroing or rounding, by a clip "
                                f"function or by hand, at any norm or value, scaled or unscaled)",
                  {"hidden_recipe_difference": off})


def _nan_problem(train_step, x, y, seed, float32_output) -> Report | None:
    """Issue 38, round 7 (q2_wrong_r7_nan_zeroed_loss): a batch with one corrupt example (its inputs NaN): its loss is
    NaN, so the batch's mean loss is NaN, the gradients are NaN, and the LossScaleOptimizer skips the step and halves
    the scale. Planted: NaN per-example losses replaced by 0 before the mean (a finite loss returned; the NaN hidden
    from the loss). The overflow case (scale 2**30) gives inf gradients of a finite loss and never shows it."""
    from ... import precision
    from ..._tf import keras

    name = "train_step"
    corrupt = np.array(x, copy=True)
    corrupt[0] = np.nan
    model = precision.mlp("mixed_float16", hidden=(32,), seed=seed, float32_output=float32_output)
    opt = precision.optimizer("mixed_float16", keras.optimizers.SGD(LEARNING_RATE))
    opt.build(model.trainable_variables)
    # issue 38, round 13 (q2_wrong_r13_manual_floor: the scale never halved below 1): the step starts at a loss scale of
    # 1, which Keras' LossScaleOptimizer halves to 0.5 like any other (it has no floor); a NaN loss skips the step at
    # any scale, so nothing else this case tells changes
    # round 16 (q2_wrong_r16_scale_floor_tiny: the scale floored at 2**-24 after each step): 2**-120, not 1 (float32's
    # normal numbers reach 2**-126: 2**-121 is exact, no subnormal that a CPU flushing them would make 0)
    # round 24 (q2_wrong_r23_scale_tiny_floor: the scale floored at 2**-126, float32's smallest normal number): 2**-126;
    # halved, 2**-127 is a subnormal number, which TensorFlow's CPU kernels flush to 0 (Keras' LossScaleOptimizer's own
    # halving gives 0 here, measured): either is the halved scale
    opt.dynamic_scale.assign(2.0 ** -126)
    scale, before = float(opt.dynamic_scale.numpy()), model.get_weights()
    halved = (scale / 2, 0.0) if scale / 2 < float(np.finfo(np.float32).tiny) else (scale / 2,)
    # issue 38, round 15 (q2_wrong_r15_nan_to_inf: NaN gradients rewritten to +inf before apply_gradients): what the
    # LossScaleOptimizer is handed, seen on this instance (eager values only: a traced step's are not read)
    handed, apply = [], opt.apply

    def watched_apply(grads, *args, **kwargs):
        try:
            handed.append(any(bool(np.isnan(np.asarray(g)).any()) for g in grads if g is not None))
        except Exception:  # noqa: BLE001 - symbolic tensors (a tf.function's trace): not read
            pass
        return apply(grads, *args, **kwargs)

    object.__setattr__(opt, "apply", watched_apply)
    got = try_answer(train_step, model, opt, corrupt, y)
    try:
        returned = float(np.asarray(got, dtype=np.float64))
    except (TypeError, ValueError):
        return None  # the normal step has named it
    after = float(opt.dynamic_scale.numpy())
    details = {"returned": returned, "scale_before": scale, "scale_after": after}
    if not np.isnan(returned):
        return Report(name, f"on a batch whose first example is NaN (a corrupt input; its loss is NaN) train_step "
                            f"returned {returned:.6g}: the batch's mean loss is NaN; return the mean itself "
                            f"(tf.reduce_mean), so that the NaN reaches the LossScaleOptimizer, which skips the step "
                            f"(a NaN removed from the loss hides a broken batch)", details)
    moved = any(not np.array_equal(a, b) for a, b in zip(before, model.get_weights()))
    if handed and not any(handed) and not moved and after in halved:
        return Report(name, f"on a batch whose first example is NaN (its loss and gradients are NaN), the gradients "
                            f"handed to the LossScaleOptimizer held no NaN: the rule is the gradients handed to it as the "
                            f"tape gives them (NaN not rewritten, e.g. to inf or 0)", details)
    if moved or after not in halved:
        return Report(name, f"on a batch whose first example is NaN (its loss and gradients are NaN), at a loss scale "
                            f"of {scale:g}, the weights {'moved' if moved else 'stayed'} and the scale went to {after:g}: "
                            f"the rule of dynamic loss scaling is to skip such a step and halve the scale, whatever its "
                            f"value (no floor: 2**{np.log2(scale):.0f} -> 2**{np.log2(scale) - 1:.0f}, as Keras' LossScaleOptimizer "
                            f"does{', a subnormal number that this CPU flushes to 0' if len(halved) > 1 else ''}; got "
                            f"{after:g})", details)
    return None


def _returned_problem(got, loss, when: str) -> str | None:
    """Issue 38, round 4 (q2_wrong_r4_scaled_loss_returned): the loss returned on a step where the scale changes
    (skipped and halved, or doubled) is still the batch's loss, not the scaled loss / the scale read after."""
    try:
        returned = float(np.asarray(got, dtype=np.float64))
    except (TypeError, ValueError):
        return None  # the normal step has named it
    if abs(returned - loss) <= 1e-3 * abs(loss):
        return None
    return (f"on a step where the loss scale {when}, train_step returned {returned:.6g}, but the batch's loss before "
            f"the update is {loss:.4f}: return the loss itself (not the scaled loss divided by the scale read after "
            f"apply_gradients, which changes it)")


def _growth_problem(train_step, x, y, seed, float32_output, loss=None) -> Report | None:
    """The other half of dynamic loss scaling: after ``dynamic_growth_steps`` good steps in a row the scale
    doubles. Planted (issue 38, round 3, q2_wrong_r3_manual_lso_no_growth): unscale, skip and halve written by
    hand around the inner optimizer, which never grows the scale again. The step counter is set one short
    of the growth interval, then one good step must double the scale."""
    from ... import precision
    from ..._tf import keras

    name = "train_step"
    model = precision.mlp("mixed_float16", hidden=(32,), seed=seed, float32_output=float32_output)
    opt = precision.optimizer("mixed_float16", keras.optimizers.SGD(LEARNING_RATE))
    opt.build(model.trainable_variables)
    scale = float(opt.dynamic_scale.numpy())
    # round 16 (q2_wrong_r16_growth_reset_on_skip_only_counter: the good-step count restarted after a loss above 10):
    # the count starts two short; a first good step on a batch whose loss is above 10 (the logits bias 20 on a class
    # few labels name; its gradients stay finite) must count like any other good step
    before, high = model.get_weights(), model.get_weights()
    high[-1] = np.zeros_like(high[-1])
    high[-1][int(np.argmin(np.bincount(y, minlength=len(high[-1]))))] = 20.0
    model.set_weights(high)
    opt.step_counter.assign(opt.dynamic_growth_steps - 2)
    try_answer(train_step, model, opt, x, y)
    model.set_weights(before)
    if float(opt.dynamic_scale.numpy()) != scale:
        return Report(name, f"after a good step whose loss is above 10 (the scale {scale:g}, {opt.dynamic_growth_steps - 1} "
                            f"good steps in a row) the scale went to {float(opt.dynamic_scale.numpy()):g}: the rule of "
                            f"dynamic loss scaling is that only a step with inf/NaN gradients changes it before "
                            f"{opt.dynamic_growth_steps} good steps", {"scale_before": scale})
    got = try_answer(train_step, model, opt, x, y)
    after = float(opt.dynamic_scale.numpy())
    if after != 2 * scale:
        return Report(name, f"after {opt.dynamic_growth_steps} good steps in a row (one of them with a loss above 10) the "
                            f"loss scale must double ({scale:g} -> {2 * scale:g}), but it is {after:g}: the rule of "
                            f"dynamic loss scaling (a good step is one with finite gradients, whatever its loss), "
                            f"which the LossScaleOptimizer's own apply_gradients keeps (a step written by hand around "
                            f"its inner optimizer does not)", {"scale_before": scale, "scale_after": after})
    returned = _returned_problem(got, loss, "doubled") if loss is not None else None
    if returned:
        return Report(name, returned, {"scale_before": scale, "scale_after": after})
    return _cap_problem(train_step, model, opt, x)


def _sure_of_class_0(model, opt, x, *, bias: float, scale: float):
    """The growth cases' start (``_cap_problem``, ``_top_scale_problem``): the logits layer's bias ``bias`` on class 0
    and 0 elsewhere, the loss scale ``scale`` one good step short of the growth interval. Returns what one plain SGD
    step on labels all 0 moves the other classes' bias by (-lr x their mean probability, from the logits before it)."""
    weights = model.get_weights()
    weights[-1] = np.zeros_like(weights[-1])
    weights[-1][0] = bias
    model.set_weights(weights)
    opt.dynamic_scale.assign(scale)
    opt.step_counter.assign(opt.dynamic_growth_steps - 1)
    logits = np.asarray(model(x), dtype=np.float64)
    p = np.exp(logits - logits.max(axis=1, keepdims=True))
    return -LEARNING_RATE * (p / p.sum(axis=1, keepdims=True))[:, 1:].mean(axis=0)


def _cap_problem(train_step, model, opt, x) -> Report | None:
    """Issue 38, round 13 (q2_wrong_r13_manual_cap: loss scaling by hand that never doubles the scale past 2**24):
    Keras' LossScaleOptimizer doubles the scale after ``dynamic_growth_steps`` good steps whatever its value (no
    cap). The growth case's model goes on at a scale of 2**24, one step short of the growth interval, on a batch it
    is sure of (every label 0, the logits layer's bias 30 on class 0: each other class's probability below e**-27),
    so that its scaled gradients stay far below float16's max (at 2**24 the normal batch overflows); the scale must
    double to 2**25."""
    high = 2.0 ** 24
    # issue 38, round 14 (q2_wrong_r14_zero_tiny_grads: gradient entries below 1e-8, unscaled, set to 0 before
    # apply_gradients): on this batch every other class's probability is ~1e-13, so the logits bias of classes 1..9
    # (0 before the step) gets gradients of ~1e-13 and must move to -0.1 x their mean probability (float32 holds it;
    # a weight far from 0 would not show it); the float32 logits before the step are all this costs
    want_bias = _sure_of_class_0(model, opt, x, bias=30.0, scale=high)
    try_answer(train_step, model, opt, x, np.zeros(len(x), dtype="int32"))
    after = float(opt.dynamic_scale.numpy())
    if after == 2 * high:
        got_bias = np.asarray(model.get_weights()[-1][1:], dtype=np.float64)
        if np.all(np.abs(got_bias - want_bias) <= 1e-3 * np.abs(want_bias)):
            # issue 38, round 17 (q2_wrong_r17_manual_growth_no_reset: the good-step count not restarted when the scale
            # doubles, so it doubles again on every good step after): one more good step on the same batch must leave
            # the scale at 2**25
            try_answer(train_step, model, opt, x, np.zeros(len(x), dtype="int32"))
            again = float(opt.dynamic_scale.numpy())
            if again == after:
                return None
            return Report("train_step", f"the loss scale doubled to 2**25 after {opt.dynamic_growth_steps} good steps, "
                                        f"then went to {again:g} after ONE more good step: the rule of dynamic loss "
                                        f"scaling is that it doubles after {opt.dynamic_growth_steps} good steps in a "
                                        f"row, and a doubling starts the count again (as Keras' LossScaleOptimizer "
                                        f"does)", {"scale_before": after, "scale_after": again})
        return Report("train_step", f"on a batch whose other classes' probabilities are ~{float(np.median(-want_bias)) * 10:.0e} "
                                    f"(gradients of the logits bias that small, finite in float32), the bias moved "
                                    f"{float(np.max(np.abs(got_bias))):.3g} at most, not {float(np.max(np.abs(want_bias))):.3g}: "
                                    f"the rule is the gradients handed to the LossScaleOptimizer as the tape gives them "
                                    f"(no clipping, zeroing or rounding, whatever their size, however small)",
                      {"bias_moved": got_bias.tolist(), "want": want_bias.tolist()})
    return Report("train_step", f"after {opt.dynamic_growth_steps} good steps in a row at a loss scale of 2**24 (a batch "
                                f"whose scaled gradients stay finite) the scale went to {after:g}, not 2**25: the rule "
                                f"of dynamic loss scaling is that the scale doubles whatever its value (no cap, as "
                                f"Keras' LossScaleOptimizer does)", {"scale_before": high, "scale_after": after})


def _top_scale_problem(train_step, x, seed, float32_output) -> Report | None:
    """Issue 38, round 24: the growth case's model once more, at a loss scale of 2**127 (float32's largest power of
    two), one step short of the growth interval, on a batch it is surer of (the logits bias 80 on class 0, every label
    0: each other class's probability ~e**-80, 1.8e-35), whose scaled gradients stay finite in float16 even there
    (75 overflows them, 85 leaves the update below float32's normal numbers; seeds 0-7 measured). Keras doubles the
    scale to 2**128, inf in float32 (q2_wrong_r23_scale_cap: a cap at 2**127 "so it never becomes inf"), and divides
    the gradients by 2**127: the logits bias of classes 1..9 moves by ~-3e-36 (q2_wrong_r23_reciprocal_unscale: the
    gradients times 1/scale, which is 2**-127, below float32's normal range: flushed to 0 on this CPU, so nothing
    moves). Asked after the clip calls are named (a clip by global norm makes NaN of these gradients, whose norm
    overflows). Cost: a model built and one step of 64 rows."""
    from ... import precision
    from ..._tf import keras

    model = precision.mlp("mixed_float16", hidden=(32,), seed=seed, float32_output=float32_output)
    opt = precision.optimizer("mixed_float16", keras.optimizers.SGD(LEARNING_RATE))
    opt.build(model.trainable_variables)
    top = 2.0 ** 127
    want_bias = _sure_of_class_0(model, opt, x, bias=80.0, scale=top)
    try_answer(train_step, model, opt, x, np.zeros(len(x), dtype="int32"))
    after = float(opt.dynamic_scale.numpy())
    details = {"scale_before": top, "scale_after": after}
    if after != np.inf:
        return Report("train_step", f"after {opt.dynamic_growth_steps} good steps in a row at a loss scale of 2**127 (a "
                                    f"batch whose scaled gradients stay finite) the scale went to {after:g}: the rule of "
                                    f"dynamic loss scaling is that the scale doubles whatever its value (no cap: Keras' "
                                    f"LossScaleOptimizer doubles 2**127 too, to inf in float32)", details)
    got_bias = np.asarray(model.get_weights()[-1][1:], dtype=np.float64)
    # against the largest move: a class whose every probability is below float32's normal numbers moves by 0
    if np.max(np.abs(got_bias - want_bias)) <= 1e-3 * np.max(np.abs(want_bias)):
        return None
    return Report("train_step", f"at a loss scale of 2**127, on a good step whose unscaled gradients of the logits bias "
                                f"are ~{float(np.median(-want_bias)) * 10:.0e} (normal float32 numbers), the bias moved "
                                f"{float(np.max(np.abs(got_bias))):.3g} at most, not {float(np.max(np.abs(want_bias))):.3g}: "
                                f"the rule is the gradients unscaled by DIVIDING them by the loss scale, as Keras' "
                                f"LossScaleOptimizer does, whatever the scale (1/2**127 is below float32's normal range "
                                f"and flushes to 0: gradients multiplied by it vanish)",
                  {**details, "bias_moved": got_bias.tolist(), "want": want_bias.tolist()})


def _growth_count_problem(train_step, x, y, seed, float32_output) -> Report | None:
    """Issue 38, round 9: the count of good steps IN A ROW, observed on the scale. Planted: loss scaling by hand that
    doubles after ``dynamic_growth_steps - 1`` good steps (q2_wrong_r9_manual_growth_offbyone; the growth check above
    starts one step short and sees only the 2000th), and a good-step counter that a bad step does not reset
    (q2_wrong_r9_growth_no_reset: "good steps so far"). The counter is set two short of the growth interval: one
    good step must leave the scale; then a bad step (a NaN example) halves it and starts the count again, so one
    more good step must leave it too."""
    from ... import precision
    from ..._tf import keras

    name = "train_step"
    model = precision.mlp("mixed_float16", hidden=(32,), seed=seed, float32_output=float32_output)
    opt = precision.optimizer("mixed_float16", keras.optimizers.SGD(LEARNING_RATE))
    opt.build(model.trainable_variables)
    growth, scale = int(opt.dynamic_growth_steps), float(opt.dynamic_scale.numpy())
    opt.step_counter.assign(growth - 2)
    try_answer(train_step, model, opt, x, y)
    after = float(opt.dynamic_scale.numpy())
    details = {"scale_before": scale, "after_good_step": after}
    if after != scale:
        return Report(name, f"after {growth - 1} good steps in a row the loss scale went from {scale:g} to {after:g}: "
                            f"the rule of dynamic loss scaling is that it doubles after {growth} good steps in a row "
                            f"(dynamic_growth_steps), not one sooner", details)
    corrupt = np.array(x, copy=True)
    corrupt[0] = np.nan
    try_answer(train_step, model, opt, corrupt, y)
    half = details["after_bad_step"] = float(opt.dynamic_scale.numpy())
    try_answer(train_step, model, opt, x, y)
    last = details["after_next_good_step"] = float(opt.dynamic_scale.numpy())
    if half < scale and last != half:
        return Report(name, f"after {growth - 1} good steps, one bad step (a NaN example: the scale went to {half:g}) "
                            f"and one good step, the loss scale went to {last:g}: the rule of dynamic loss scaling is "
                            f"that it doubles after {growth} good steps IN A ROW: a bad step starts the count again",
                      details)
    return None


def _overflow_problem(train_step, x, y, seed, float32_output, loss=None) -> Report | None:
    """The rule of dynamic loss scaling, on a step whose scaled gradients overflow float16 (the scale
    set to 2**30): the step is skipped (the weights stay) and the scale falls. Answers that unscale by
    hand and step the inner optimizer apply inf/NaN; answers without loss scaling step as if nothing
    happened and the scale stays: on a model this small neither shows on a normal step."""
    from ... import precision
    from ..._tf import keras

    name = "train_step"
    model = precision.mlp("mixed_float16", hidden=(32,), seed=seed, float32_output=float32_output)
    opt = precision.optimizer("mixed_float16", keras.optimizers.SGD(LEARNING_RATE))
    opt.build(model.trainable_variables)
    high = 2.0 ** 30
    opt.dynamic_scale.assign(high)
    before = model.get_weights()
    got = try_answer(train_step, model, opt, x, y)
    after, scale = model.get_weights(), float(opt.dynamic_scale.numpy())
    details = {"scale_before": high, "scale_after": scale}
    if not all(np.isfinite(w).all() for w in after):
        return Report(name, f"with the loss scale at 2**30 the scaled gradients overflow float16, and train_step "
                            f"applied them: the weights are now inf/NaN; the rule of dynamic loss scaling: such a step "
                            f"is skipped and the scale lowered, which the LossScaleOptimizer's own apply_gradients "
                            f"does (the inner optimizer does not)", details)
    moved = any(not np.array_equal(a, b) for a, b in zip(before, after))
    initial = float(opt.initial_scale)
    if moved and scale >= high:  # issue 38, round 9 (q2_wrong_r9_initial_scale: loss * optimizer.initial_scale)
        want = [b - a for a, b in zip(before, _reference_step(x, y, seed))]
        ratio = float(np.median([np.linalg.norm(b - a) / max(float(np.linalg.norm(w)), 1e-30)
                                 for a, b, w in zip(before, after, want)]))
        if abs(ratio * high / initial - 1) < 0.1:
            return Report(name, f"with the loss scale moved to 2**30 the update is {initial:g}/2**30 of the float32 "
                                f"step: the loss was multiplied by the initial scale ({initial:g}) instead of the "
                                f"optimizer's current one; the rule: the loss multiplied by the current scale "
                                f"(optimizer.scale_loss(loss)), which apply_gradients divides out again", details)
    if moved and scale >= high:  # round 4: inf/NaN replaced by 0 before apply_gradients looks the same
        # issue 38, round 10 (q2_wrong_r10_zero_nan): the message named no rule, it guessed ("clipped, zeroed")
        return Report(name, "with the loss scale at 2**30 the scaled gradients overflow float16 (inf/NaN), yet the "
                            "weights moved and the scale stayed: the rule of dynamic loss scaling is that such a step "
                            "is skipped and the scale lowered, which the LossScaleOptimizer does when it is handed the "
                            "gradients of optimizer.scale_loss(loss) as the tape gives them, inf/NaN included; "
                            "gradients it receives finite (of an unscaled loss, or with their inf/NaN replaced) "
                            "never show it the overflow", details)
    if moved or scale >= high:
        return Report(name, f"with the loss scale at 2**30 (gradients overflow float16) the weights "
                            f"{'moved' if moved else 'stayed'} and the scale went to {scale:g}: the rule of dynamic "
                            f"loss scaling is to skip such a step and lower the scale", details)
    returned = _returned_problem(got, loss, "was halved (a skipped step)") if loss is not None else None
    return (Report(name, returned, details) if returned else
            _huge_scale_problem(train_step, model, opt, x, y, loss) or _inf_problem(train_step, seed, float32_output))


def _huge_scale_problem(train_step, model, opt, x, y, loss) -> Report | None:
    """Issue 38, round 16 (q2_wrong_r16_unscale_scaled_loss: the scaled loss divided by the scale returned, inf when
    loss x scale leaves float32; q2_wrong_r16_scale_cap_2p40: the scale capped at 2**40 after each step): the overflow
    case's model (its step was skipped: the same weights) stepped once more at a loss scale of 2**127, where the scaled
    loss itself is inf: the step is skipped, the scale halved to 2**126 (no cap), and the loss returned is the
    batch's mean loss."""
    name = "train_step"
    opt.dynamic_scale.assign(2.0 ** 127)
    got = try_answer(train_step, model, opt, x, y)
    after = float(opt.dynamic_scale.numpy())
    details = {"scale_before": 2.0 ** 127, "scale_after": after}
    if after != 2.0 ** 126:
        return Report(name, f"at a loss scale of 2**127 (the scaled loss overflows float32) the scale went to {after:g}, "
                            f"not 2**126: the rule of dynamic loss scaling is to skip such a step and halve the scale, "
                            f"whatever its value (no cap, no floor, as Keras' LossScaleOptimizer does)", details)
    returned = _returned_problem(got, loss, "is 2**127 (the scaled loss inf in float32)") if loss is not None else None
    return Report(name, returned, details) if returned else None


def _inf_problem(train_step, seed, float32_output) -> Report | None:
    """Issue 38, round 10: the overflow case above (scale 2**30) gives NaN gradients (inf times 0 in the float16
    backward pass), so an answer that turns inf into a finite number kept its points (planted: inf replaced by
    float16's max, q2_wrong_r10_inf_to_max; the scaled gradients clipped by value, q2_wrong_r10_clip_{f16max,
    value_1e4}: NaN passes a clip unchanged). Inputs x 30 at Keras' initial scale 2**15 overflow the first kernel's
    float16 gradient to inf with no NaN anywhere (31-54 inf values, seeds 0, 1, 3, 5, 7, measured): the step must be
    skipped and the scale halved."""
    from ... import precision, training
    from ..._tf import keras, tf

    x, y = _data(seed, small=30.0)
    model = precision.mlp("mixed_float16", hidden=(32,), seed=seed, float32_output=float32_output)
    # issue 38, round 12 (q2_wrong_r12_log_softmax_naive: the loss as -log(softmax(logits)) at the label): one example's
    # label is the class whose logit is the nearest to 120 below its largest (120+): softmax underflows to 0 in float32
    # there and -log(0) is inf, while the cross-entropy of the logits (Keras') is finite; the step is skipped anyway
    logits = model(x, training=True)
    gaps = np.max(logits.numpy(), axis=1, keepdims=True) - logits.numpy()
    far = np.where(gaps > 120.0, gaps, np.inf)
    assert np.isfinite(far).any(), f"no logit 120 below its row's largest for seed {seed}: pick another seed"
    row, col = np.unravel_index(int(np.argmin(far)), far.shape)
    y = np.array(y, copy=True)
    y[row] = col
    loss = float(tf.reduce_mean(training.per_example_loss()(y, logits)))
    opt = precision.optimizer("mixed_float16", keras.optimizers.SGD(LEARNING_RATE))
    opt.build(model.trainable_variables)
    scale, before = float(opt.dynamic_scale.numpy()), model.get_weights()
    got = try_answer(train_step, model, opt, x, y)
    after = float(opt.dynamic_scale.numpy())
    moved = any(not np.array_equal(a, b) for a, b in zip(before, model.get_weights()))
    if not moved and after < scale:
        returned = _returned_loss_off(got, loss, 1e-3)
        if returned is None:
            return None
        return Report("train_step", f"on a batch where one example's label is {float(gaps[row, col]):.0f} below its "
                                    f"largest logit, train_step returned {returned:.6g}, but the batch's mean loss is "
                                    f"{loss:.6g}: the rule is the cross-entropy of the logits (Keras' sparse "
                                    f"cross-entropy, from the logits), which stays finite; -log(softmax(logits)) at the "
                                    f"label underflows to -log(0) = inf there", {"returned": returned, "loss": loss})
    return Report("train_step", f"on a batch whose scaled gradients overflow float16 to inf (inputs x 30 at the loss "
                                f"scale {scale:g}; inf, no NaN) the weights {'moved' if moved else 'stayed'} and the scale "
                                f"went to {after:g}: the rule of dynamic loss scaling is to skip such a step and lower "
                                f"the scale; the LossScaleOptimizer does it only if it sees the inf: the gradients handed "
                                f"to it as the tape gives them (no clipping, no inf replaced by a finite number)",
                  {"scale_before": scale, "scale_after": after})


def reference_losses(policy_name, x, y, steps, seed, weights=None):
    """Float32 reference for ``check_compare``: plain GradientTape, full batch, SGD(0.1). With a list ``weights``, the
    model's weights before the first update and after each update are appended to it."""
    from ... import precision, training
    from ..._tf import keras, tf

    model = precision.mlp("float32", hidden=(32,), seed=seed)
    opt = keras.optimizers.SGD(LEARNING_RATE)
    loss_fn = training.per_example_loss()
    out = []
    if weights is not None:
        weights.append(model.get_weights())
    for _ in range(steps):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(loss_fn(y, model(x)))
        opt.apply_gradients(zip(tape.gradient(loss, model.trainable_variables), model.trainable_variables))
        out.append(float(loss))
        if weights is not None:
            weights.append(model.get_weights())
    return out


def _weights_off(model, before, reference) -> float:
    """How far (the largest fraction of its total update, over the layers) ``model``'s weights are from
    ``reference``'s, both trained from ``before``."""
    return max(float(np.max(np.abs(g - r))) / max(float(np.max(np.abs(r - b))), 1e-30)
               for g, r, b in zip(model.get_weights(), reference, before))


_BIG_ROWS = 8200  # check_compare's batch with large logits: rows (x's cycled); round 26: above 8192 (was 4100)


def _scale_moved(scale):
    """check_compare's move of a mixed_float16 run's loss scale after its first step: to 1/8 of it, at most 1/8."""
    from ..._tf import tf

    return tf.minimum(scale / 8, 0.125)


_WEIGHTS_RULE = ("the rule is SGD(0.1) on the gradients as the tape gives them and nothing added to the update (no "
                 "weight decay, clipping or momentum, neither in the optimizer's settings nor written by hand)")


def check_compare(train_with_policy, steps: int = 4, seed: int = 0, batch: int = 64) -> Report:
    """``train_with_policy(policy_name, x, y, steps, seed)`` → the loss before each of ``steps``
    full-batch SGD(0.1) steps of ``precision.mlp(policy_name, hidden=(32,), seed=seed)``: equal to
    the float32 reference within each policy's tolerance, and the global policy float32 afterwards.

    Two contracts about *how* are observed, not inferred from the losses (which they do not move
    on this small model): a mixed policy's losses must not be float32's to the last digit (the
    model computed in 16 bits), and ``mixed_float16`` must step through a ``LossScaleOptimizer``
    (its ``apply`` is watched during the call; Keras ``fit`` wraps one itself). Issue 38, round 7: after a
    mixed_float16 run's first eager step the LossScaleOptimizer's scale is moved to 1/8 (round 24: at most 1/8; planted: the loss times a
    fixed 2**15), and the losses must be numbers (planted: tensors)."""
    from ..._tf import keras, tf

    name = "train_with_policy"
    _clips_cleared(sys._getframe(1))
    # issue 38, round 10 (q3_wrong_r10_hardcoded_batch: the mean as sum / 64; q3_wrong_r10_minibatch64: 64-row
    # mini-batches cycled through x): the hidden test's batch has 80 examples, not the public one's 64
    x, y = _data(seed, n=batch)
    trained, float32_model = [], None  # issue 38, round 14: the reference's weights after each update, the run's model
    ahead = reference_losses("float32", x, y, steps + 1, seed, weights=trained)  # one more: a loss taken after its update
    want = ahead[:steps]
    details = {"reference": want}
    scaler = keras.mixed_precision.LossScaleOptimizer
    from ... import precision

    base = next(c for c in keras.optimizers.SGD.__mro__ if "apply" in c.__dict__)  # where SGD's apply lives
    from . import _numbers_of, changed_since

    returned, module_names = [], _globals_state(train_with_policy)  # issue 38, round 18 (below the loop)
    from . import kept_state, kept_state_problem

    # round 17 (q3_wrong_r17_history_class_attr: every run's losses on a class), read before the repeat call below;
    # round 24 (q3_wrong_r23_warm_scale: each mixed_float16 run starts at the scale the last one ended at, kept in a
    # closure's dict): read before the three policies' calls instead, so that what they keep shows too
    # round 28 (q3_wrong_r28_keep_scale: the last run's loss scale kept in a default argument's dict, the value rebound
    # at the same key): the mutable default arguments too, and the items of small containers by identity
    state = kept_state(train_with_policy, defaults=True, contents=True)
    library = _library_state()  # issue 38, round 27 (q3_wrong_r27_carry_scale_on_module); compared last
    for policy_name in ("float32", "mixed_float16", "mixed_bfloat16"):
        stepped, built, optimizers, inputs = [], [], [], []
        original, original_mlp, original_base = scaler.apply, precision.mlp, base.__dict__["apply"]

        def watched(self, *args, **kwargs):
            stepped.append(self)
            if policy_name == "mixed_float16" and tf.executing_eagerly():
                current = getattr(self, "dynamic_scale", None)  # round 16: the scale of each eager step (unbuilt: the
                scales.append(float(current.numpy()) if current is not None else float(self.initial_scale))  # initial)
            if policy_name == "mixed_float16" and args and tf.executing_eagerly():
                # issue 38, round 16 (q3_wrong_r16_grads_rounded_fp16: the tape's gradients rounded to float16 values
                # before apply): whether every gradient it is handed holds float16 values only (the float32 logits
                # layer's never does as the tape gives them: its arithmetic is float32)
                try:
                    grads = [np.asarray(g, dtype=np.float32) for g in args[0] if g is not None]
                    handed.append(bool(grads) and all(
                        np.array_equal(g.astype(np.float16).astype(np.float32), g, equal_nan=True) for g in grads))
                except Exception:  # noqa: BLE001 - values it cannot read (symbolic): not noted
                    pass
            out = original(self, *args, **kwargs)
            if policy_name == "mixed_float16" and stepped.count(self) == 1 and tf.executing_eagerly():
                # issue 38, round 7 (q3_wrong_r7_fixed_scale: the loss times 2**15, Keras' initial scale, not the
                # optimizer's current one): after the first step the scale is moved to 1/8 of it, as three overflowed
                # steps would; a loss scaled by the optimizer's own scale steps the same, a fixed 2**15 steps 8 x
                # round 24 (q3_wrong_r23_scale_floor: the loss times max(scale, 1)): moved to 1/8 of it or to 1/8,
                # whichever is smaller, as more overflowed steps would (Keras' initial 2**15 -> 2**-3: below 1, where a
                # floor at 1 shows; a small initial scale, e.g. 2, still to 1/8 of it, not so far that float16
                # gradients underflow)
                self.dynamic_scale.assign(_scale_moved(self.dynamic_scale))
            elif policy_name == "mixed_float16" and not tf.executing_eagerly():
                # issue 38, round 10 (q3_wrong_r10_tffunction_unbuilt: a tf.function step traced before the optimizer
                # was built, where scale_loss multiplies by the constant initial scale, baked into the graph): in a
                # graph (tf.function, Keras fit) the same move is an op of the step, taken after the update that
                # brings the inner optimizer's iterations to 1
                first = tf.equal(self.inner_optimizer.iterations, 1)
                self.dynamic_scale.assign(tf.where(first, _scale_moved(self.dynamic_scale), self.dynamic_scale))
            return out

        def watched_base(self, *args, **kwargs):  # round 5: every optimizer that steps (an LSO's inner one too)
            optimizers.append(self)
            return original_base(self, *args, **kwargs)

        handed = []  # round 16: per eager LossScaleOptimizer step, whether every gradient handed is a float16 value
        scales = []  # round 16: the LossScaleOptimizer's scale at each eager step
        rounded = []  # round 4: per eager backward, whether the gradient reaching the logits is 16-bit rounded
        factors = []  # round 10: per eager backward, the factor of (softmax - onehot) / n in that gradient

        def watched_mlp(*args, **kwargs):  # issue 38, round 3: the model's dtypes are observed, not inferred
            model = original_mlp(*args, **kwargs)
            built.append(model)
            _watch_logits_gradient(model, rounded, policy_name, y, factors)
            _watch_inputs(model, inputs)
            return model

        scaler.apply, precision.mlp, base.apply = watched, watched_mlp, watched_base
        try:
            got = try_answer(train_with_policy, policy_name, x, y, steps, seed)
        finally:
            scaler.apply, precision.mlp, base.apply = original, original_mlp, original_base
        left = keras.mixed_precision.global_policy().name
        if left != "float32":
            keras.mixed_precision.set_global_policy("float32")
            return Report(name, f"after training with {policy_name!r} the global policy is still {left!r}: every "
                                f"model built afterwards computes in low precision", details)
        if got is None:
            return Report(name, not_solved(name), details)
        returned.append((policy_name, got, _numbers_of(got)))
        try:
            short = [v for v in got if isinstance(getattr(v, "dtype", None), np.dtype) and v.dtype.kind == "f"
                     and v.dtype.itemsize < 4]
            # planted (round 7, q3_wrong_r7_tensors_returned): float32 tensors; the contract is numbers
            others = [v for v in got if isinstance(v, bool) or not isinstance(v, (float, np.floating))]
            got = [float(v) for v in got]
        except (TypeError, ValueError):
            return Report(name, f"{name} must return a list of {steps} numbers, got {type(got).__name__}", details)
        if short:  # planted (round 4): np.float16 losses
            return Report(name, f"{name}({policy_name!r}, ...) returned {type(short[0]).__name__} losses: a 16-bit "
                                f"number rounds the loss; return plain numbers (float(loss))", details)
        if others:
            return Report(name, f"{name}({policy_name!r}, ...) returned {type(others[0]).__name__} losses: the contract "
                                f"is numbers (Python floats, float(loss); numpy float32/64 alike), not tensors or "
                                f"arrays", details)
        details[policy_name] = got
        if len(got) != steps:
            return Report(name, f"{name}({policy_name!r}, ...) returned {len(got)} losses for {steps} steps", details)
        if not np.all(np.isfinite(got)):
            return Report(name, f"{policy_name}: the losses are not finite: {got}", details)
        if policy_name != "float32" and len(got) > 1 and all(_on_16bit_grid(v) for v in got[1:]):
            # issue 38, round 27 (q3_wrong_r27_f16_rounded_later_losses: float(np.float16(loss)) after the first step,
            # Python floats within the tolerance): every loss after the first is a 16-bit number
            return Report(name, f"{policy_name}: the losses after the first ({got[1:]}) are all 16-bit numbers "
                                f"(float16 or bfloat16 values, which a float32 loss almost never is): they were "
                                f"rounded to 16 bits; the rule is each loss computed from the float32 logits and "
                                f"returned as a number as it is (float(loss)), not rounded", details)
        err = max(abs(a - b) for a, b in zip(got, want))
        if err > TOLERANCE[policy_name]:
            if max(abs(a - b) for a, b in zip(got, ahead[1:])) <= TOLERANCE[policy_name]:
                return Report(name, f"{policy_name}: each loss is the next step's ({np.round(got, 4).tolist()} vs "
                                    f"{np.round(want, 4).tolist()}): a loss is taken after its update, not before",
                              details)
            if steps > 1 and max(got) - min(got) <= TOLERANCE[policy_name] < max(want) - min(want):
                return Report(name, f"{policy_name}: the loss stays at {got[0]:.4f} while float32 training falls to "
                                    f"{want[-1]:.4f}: the updates are (almost) zero", details)
            scaled_right = bool(scales) and len(factors) == len(scales) and all(
                f is not None and abs(f / s - 1) < 1e-5 for f, s in zip(factors, scales))
            if (policy_name == "mixed_float16" and stepped and steps > 2 and scaled_right
                    and max(abs(a - b) for a, b in zip(got[:2], want[:2])) <= TOLERANCE[policy_name]):
                # round 27 (q3_wrong_r27_momentum_f16_by_hand: heavy-ball momentum added by hand to the scaled
                # gradients): each step's loss WAS multiplied by the optimizer's scale of that step; the update is off
                return Report(name, f"mixed_float16: the losses leave float32 training's after the first steps "
                                    f"({np.round(got, 4).tolist()} vs {np.round(want, 4).tolist()}), though each step's "
                                    f"loss was multiplied by the optimizer's current scale: the updates are not plain "
                                    f"SGD steps: {_WEIGHTS_RULE}", details)
            if (policy_name == "mixed_float16" and stepped and steps > 2
                    and max(abs(a - b) for a, b in zip(got[:2], want[:2])) <= TOLERANCE[policy_name]):
                # round 7 (q3_wrong_r7_fixed_scale): right until the scale moved (after the first update), then off
                return Report(name, f"mixed_float16: the losses leave float32 training's once the loss scale has "
                                    f"changed (the check moves it after the first step, as overflowed steps do): "
                                    f"{np.round(got, 4).tolist()} vs {np.round(want, 4).tolist()}; the rule is the loss "
                                    f"multiplied by the optimizer's current scale (optimizer.scale_loss(loss)), which "
                                    f"its apply_gradients divides out again, not by a fixed number", details)
            return Report(name, f"{policy_name}: the losses differ from float32 training by {err:.3g} "
                                f"(allowed {TOLERANCE[policy_name]:g}): {np.round(got, 4).tolist()} vs "
                                f"{np.round(want, 4).tolist()}; the rule: each step one SGD(0.1) update of the mean "
                                f"sparse cross-entropy of the whole (x, y) batch as given ({len(x)} examples here: the "
                                f"mean over the batch's own size), its loss taken before the update", details)
        if policy_name != "float32" and err < 1e-7:
            return Report(name, f"{policy_name}: the losses are float32 training's to the last digit: the model did "
                                f"not compute in 16 bits (build it for the policy it is given)", details)
        problem = (_model_problem(policy_name, built) or _scale_problem(policy_name, stepped)
                   or _optimizer_problem(policy_name, optimizers) or _inputs_problem(policy_name, inputs, x)
                   or _updates_problem(policy_name, stepped, optimizers, steps))
        if problem:
            return Report(name, problem, details)
        off = [f for f in factors if f is not None and abs(f / 2.0 ** round(np.log2(f)) - 1) > 1e-5]
        if off:  # planted (round 10, q3_wrong_r10_scaled_f16_mean): the (scaled) per-example losses averaged in 16 bits
            return Report(name, f"{policy_name}: the gradient reaching the model's float32 logits is (softmax - onehot) "
                                f"/ {len(x)} times {off[0]:.7g}, not times the loss scale (a power of two; 1 without "
                                f"one): the loss that was differentiated is not the float32 mean over the batch: the rule "
                                f"is the loss computed in float32 from the float32 logits, the mean of the whole batch "
                                f"included, not cast down to 16 bits (a 16-bit mean rounds 1/{len(x)})", details)
        unscaled = [f for f in factors if f is not None and scales and not any(abs(f / s - 1) < 1e-5 for s in scales)]
        # the first step scaled right (its factor the scale then), a later one by 1 where the scale was below 1
        first_right = bool(scales and factors and factors[0] is not None and abs(factors[0] / scales[0] - 1) < 1e-5)
        floored = [f for f in unscaled if abs(f - 1) < 1e-5 and min(scales) < 1 and first_right]
        if policy_name == "mixed_float16" and floored:
            # round 24 (q3_wrong_r23_scale_floor: the loss times max(scale, 1)): the check moved the scale below 1
            return Report(name, f"mixed_float16: after the loss scale was moved to {min(scales):g} (below 1, as many "
                                f"overflowed steps move it), the gradient reaching the model's float32 logits is "
                                f"(softmax - onehot) / {len(x)} times 1, not times that scale: the rule is the loss "
                                f"multiplied by the optimizer's current scale whatever its value (no floor at 1: the "
                                f"LossScaleOptimizer divides the gradients by its own scale, so a loss multiplied by "
                                f"another number steps by the wrong amount)", details)
        if policy_name == "mixed_float16" and unscaled:
            # round 16 (q3_wrong_r16_scale_grads_after: the gradients of the unscaled loss, multiplied by the scale
            # afterwards): the gradient reaching the float32 logits is that of the loss times 1, not times a scale the
            # LossScaleOptimizer had (a small initial scale, e.g. 2, moved to 0.25 by the check, is its own scale)
            return Report(name, f"mixed_float16: the gradient reaching the model's float32 logits is (softmax - onehot) "
                                f"/ {len(x)} times {unscaled[0]:g}, not times the loss scale ({scales[0]:g} at the first "
                                f"step): the loss was differentiated unscaled; the rule is the loss multiplied by the "
                                f"optimizer's current scale BEFORE the backward pass (optimizer.scale_loss(loss) inside "
                                f"the tape), so that small float16 gradients do not underflow; gradients multiplied "
                                f"afterwards have already lost them", details)
        if handed and all(handed):
            return Report(name, "mixed_float16: every gradient handed to the LossScaleOptimizer holds float16 values "
                                "only (the float32 logits layer's too): they were rounded to float16 after the tape; the "
                                "rule is the gradients handed as the tape gives them (no rounding, clipping or other "
                                "change)", details)
        if rounded and all(rounded):  # planted (round 4): the loss of the logits cast down to 16 bits
            return Report(name, f"{policy_name}: the gradient reaching the model's float32 logits is rounded to 16 "
                                f"bits: the loss was computed from logits cast down; the rule is the loss of the "
                                f"float32 logits as the model gives them (its logits layer computes in float32 so "
                                f"that softmax and cross-entropy do not lose small probabilities)", details)
        problem = _first_loss_problem(policy_name, got[0], x, y, seed)
        if problem:
            return Report(name, problem, details)
        if policy_name == "float32" and built:
            float32_model = built[-1]  # issue 38, round 14: its weights are compared last (below)
        if policy_name == "mixed_float16" and not stepped:
            # issue 38, round 10 (q3_wrong_r10_manual_unscale: the loss scaled, the gradients unscaled by hand, the
            # inner SGD stepped): the message said "trained without loss scaling"; it names the rule now
            return Report(name, "mixed_float16: the losses are right, but no LossScaleOptimizer applied the updates "
                                "(its apply_gradients never ran): the rule is loss scaling by a LossScaleOptimizer that "
                                "applies the updates itself: it divides the scale out, skips a step whose gradients "
                                "overflow float16 and lowers the scale (raises it after good steps); a plain SGD, or "
                                "its inner SGD stepped with gradients unscaled by hand, keeps none of that", details)
    # issue 38, round 18 (q3_wrong_r18_aliased_result_list: one module-level list cleared and refilled by every call;
    # keeps_last_model_attr: each run's model and optimizer stored in the function's globals dict by a string key)
    for policy_name, got, numbers in returned:
        changed = changed_since(got, numbers)
        if changed is not None:
            return Report(name, f"the rule: each call returns a list of its own, which no later call changes; the "
                                f"losses train_with_policy({policy_name!r}, ...) returned read "
                                f"{np.round(changed, 4).tolist()} after the calls for the other policies (one list "
                                f"refilled by every call)", details)
    added = _globals_problem(train_with_policy, module_names)
    if added:
        return Report(name, f"the rule: each call keeps nothing between calls (no model, optimizer or result kept); "
                            f"train_with_policy {added} in its module's globals during the calls", details)
    original_mlp, again_built = precision.mlp, []

    def counted_mlp(*args, **kwargs):  # issue 38, round 13 (q3_wrong_r13_memo: the losses cached per arguments)
        again_built.append(True)
        return original_mlp(*args, **kwargs)

    precision.mlp = counted_mlp
    try:
        again = try_answer(train_with_policy, "float32", x, y, steps, seed)  # planted (round 4): a model cached per seed
    finally:
        precision.mlp = original_mlp
    kept = kept_state_problem(name, state, train_with_policy, defaults=True, contents=True)
    if kept:
        return Report(name, f"{kept} (no model, optimizer, loss scale or result kept between calls: a run history too)", details)
    if again is not None and not again_built:
        return Report(name, "a second call train_with_policy('float32', ...) with the same arguments built no model "
                            "(precision.mlp was not called): the rule is that each call trains a new model from seed "
                            "(no model, optimizer or result kept between calls: a call that returns remembered losses "
                            "trains nothing)", details)
    try:
        again_err = max(abs(float(a) - b) for a, b in zip(again, want)) if again is not None else float("inf")
    except (TypeError, ValueError):
        again_err = float("inf")
    if not again_err <= TOLERANCE["float32"]:
        return Report(name, f"a second call train_with_policy('float32', ...) with the same arguments returned other "
                            f"losses ({again_err:.3g} from float32 training's): something is kept between calls (a "
                            f"cached model or optimizer); each call trains a new model built from seed", details)
    # issue 38, round 18 (q3_wrong_r18_do_while_steps: a do-while loop, one step and one loss for steps=0): the prompt
    # says steps=0 trains nothing and returns no loss; one call with steps=0 (a model built, nothing run: ~0.02 s). A
    # call that raises there (Keras fit's empty history has no "loss") returns no loss and trains nothing either
    zero_built = []

    def zero_mlp(*args, **kwargs):
        model = original_mlp(*args, **kwargs)
        zero_built.append((model, model.get_weights()))
        return model

    precision.mlp = zero_mlp
    try:
        none = train_with_policy("float32", x, y, 0, seed)
    except AssertionError:
        raise
    except Exception:  # noqa: BLE001 - see above
        none = None
    finally:
        precision.mlp = original_mlp
    try:
        losses = len(list(none)) if none is not None else 0
    except TypeError:
        losses = 1
    moved = any(not np.array_equal(a, b) for model, weights in zero_built
                for a, b in zip(weights, model.get_weights()))
    if losses or moved:
        return Report(name, f"the rule: steps=0 trains nothing and returns no loss (an empty list); "
                            f"train_with_policy('float32', x, y, 0, seed) returned {none!r}"
                            f"{' and moved the weights' if moved else ''} (a loop that runs its body once before "
                            f"testing the count)", details)
    # issue 38, round 9 (q3_wrong_r9_restore_hardcoded; rounds 3-4's restore_hardcoded / restore_no_finally, filed
    # outside then): the policy set back to a fixed "float32", not to what it was; every call above starts from
    # float32, so that cannot show. One more call (one step) starts from mixed_bfloat16, a caller's policy
    # issue 38, round 13 (q3_wrong_r13_label_smooth: cross-entropy with label smoothing 1e-6, far inside the tolerances
    # on this batch, where every class's log-probability is near log(1/10)): this call's batch has large logits
    # (inputs x 100, up to ~300) and the model's own first choices as labels, so the smoothing term (1e-6 of the mean
    # log-probability over the classes, ~-100 here) is ~1e-2 of the small loss, and the first loss is compared with the
    # float32 mean loss to 1e-6 as above (a right answer: ~1e-7)
    from ... import training

    # issue 38, round 15 (q3_wrong_r15_batch_cap_512: trains on the first 512 rows; q3_wrong_r15_mean_first_1024_loss:
    # the loss reported over the first 1024 rows): the x 100 batch's rows cycled to 1100 (more than 1024, not a multiple
    # of the batch: a cap or a partial mean moves the first loss; the same rows, so its gradients stay as measured)
    # round 24 (q3_wrong_r23_chunked_batch: over 2048 rows, the mean of 2048-row chunks' means): 4100 rows (three
    # chunks, the last of 4 rows), above 4096 so that the repeat call below sees a memo of runs of more than 4096 rows
    # x steps too (q3_wrong_r23_result_cache; its closure's dict shows first, read before the policies' calls); one step
    # of this tiny model on them costs ~0.01 s
    # round 26 (q3_wrong_r26_row_cap: trains on the first 8192 rows only): 8200 rows (8192 and 8 more: the first loss
    # of a capped batch is the mean of other rows; five 2048-row chunks, the last of 8 rows)
    big, _ = _data(seed, n=len(x), small=100.0)
    big = big[np.arange(_BIG_ROWS) % len(big)]
    big_model = precision.mlp("mixed_bfloat16", hidden=(32,), seed=seed)
    big_before = big_model.get_weights()
    big_logits = big_model(big)
    big_y = np.argmax(big_logits.numpy(), axis=1).astype("int32")
    big_loss = float(tf.reduce_mean(training.per_example_loss()(big_y, big_logits)))
    # issue 38, round 14 (q3_wrong_r14_clipnorm_one_manual: each gradient clipped to norm 1 by hand): on the normal
    # batches every gradient's norm is below 1 (0.15..0.87), here the first kernel's is 2.5..8.4 (seeds 7, 0); one
    # bfloat16 SGD step of the recipe on this batch is the reference for the weights the call's model ends with
    with tf.GradientTape() as tape:
        tape_loss = tf.reduce_mean(training.per_example_loss()(big_y, big_model(big)))
    keras.optimizers.SGD(LEARNING_RATE).apply_gradients(
        zip(tape.gradient(tape_loss, big_model.trainable_variables), big_model.trainable_variables))
    last_built = []

    big_inputs = []  # issue 38, round 19 (q3_wrong_r19_precast_big_batch: x cast to the compute dtype from 256 rows)

    def kept_mlp(*args, **kwargs):
        model = original_mlp(*args, **kwargs)
        last_built.append(model)
        _watch_inputs(model, big_inputs)
        return model

    previous = keras.mixed_precision.global_policy().name
    keras.mixed_precision.set_global_policy("mixed_bfloat16")
    precision.mlp = kept_mlp
    try:
        last = try_answer(train_with_policy, "mixed_bfloat16", big, big_y, 1, seed)
        # issue 38, round 19 (q3_wrong_r19_memo_big_runs: the losses of calls with 20 000 values or more cached by their
        # arguments; the repeat call above has 4-5 thousand): this call made again, it must build a model again
        built_once = len(last_built)
        repeat = try_answer(train_with_policy, "mixed_bfloat16", big, big_y, 1, seed)
    except AssertionError as err:  # session_kept: it changed the policy (and has put it back)
        if "global dtype policy" not in str(err):
            raise
        return Report(name, "called while the global policy was 'mixed_bfloat16' (set by its caller), train_with_policy "
                            "did not leave it so: the rule is the global policy put back to what it was before the "
                            "call (read it first, set it back in a finally, or use a with block such as "
                            "precision.policy), not set to a fixed 'float32'", details)
    finally:
        keras.mixed_precision.set_global_policy(previous)
        precision.mlp = original_mlp
    if repeat is not None and len(last_built) == built_once:
        return Report(name, f"a second call train_with_policy('mixed_bfloat16', ...) with the same arguments (a batch "
                            f"of {big.size} values) built no model (precision.mlp was not called): the rule is that each "
                            f"call trains a new model from seed, whatever the batch's size (no model, optimizer or "
                            f"result kept between calls: a call that returns remembered losses trains nothing)", details)
    inputs = _inputs_problem("mixed_bfloat16", big_inputs, big)
    if inputs:
        return Report(name, f"{inputs} (here a batch of {len(big)} rows)", details)
    try:
        first = float(list(last)[0])
    except (TypeError, ValueError, IndexError):
        first = None
    if first is not None and not abs(first - big_loss) <= 1e-6 * abs(big_loss):
        return Report(name, f"mixed_bfloat16: on a batch with large logits (inputs x 100) whose labels are the model's "
                            f"own first choices, the first loss returned is {first:.7g}, but the mean sparse "
                            f"cross-entropy of the model's float32 logits before any update is {big_loss:.7g} "
                            f"({abs(first - big_loss) / abs(big_loss):.1e} of it off, allowed 1e-6): the rule is the mean "
                            f"sparse cross-entropy of the logits over the whole batch as given (all {len(big)} rows: no cap, no "
                            f"sample) and nothing else (no label smoothing or other term), computed in float32", details)
    if float32_model is not None:
        # issue 38, round 14 (q3_wrong_r14_manual_decay: w *= 1 - 1e-6 after each update, by hand): the losses move by
        # ~1e-7, but the float32 run's model weights after the steps are 3e-6..5e-5 of their update away from the
        # reference's (right answers: 0, the same float32 ops); compared last, so that a rule named above (label
        # smoothing, round 13) keeps its own message
        off = details["weights_off"] = _weights_off(float32_model, trained[0], trained[steps])
        if off > 1e-6:
            return Report(name, f"float32: after {steps} step{'s' if steps != 1 else ''} the model's weights are "
                                f"{off:.2g} of their update away from plain float32 GradientTape training's (allowed "
                                f"1e-6): {_WEIGHTS_RULE}", details)
    if first is not None and last_built and len(last_built[-1].get_weights()) == len(big_before):
        off = details["big_batch_weights_off"] = _weights_off(last_built[-1], big_before, big_model.get_weights())
        if off > 1e-6:
            return Report(name, f"mixed_bfloat16: on a batch with large inputs (x 100: gradient norms up to "
                                f"~8, above 1), after one step the model's weights are {off:.2g} of their update away "
                                f"from one SGD(0.1) step of the recipe (allowed 1e-6): {_WEIGHTS_RULE}", details)
    quiet = _quiet_runs_problem(train_with_policy, seed) or _tiny_column_problem(train_with_policy, seed)
    if quiet:  # round 27: gradients clipped or decayed by hand; round 28: clipped or zeroed where they are large or tiny
        return Report(name, quiet, details)
    clip = _clip_calls_problem(name)  # round 15 (round 14's q3_gap_r14_manual_clip): no clipping by hand either
    if clip:
        return Report(name, clip, details)
    left = _session_left_changed(train_with_policy, "mixed_float16", x, _bad_labels(y), 1, seed)
    if left:  # round 24 (q3_wrong_r23_policy_leak_on_error); cost: a model built and one forward pass
        return Report(name, f"called with a bad batch (a label 10, outside the model's 10 classes), train_with_policy "
                            f"{left}: the rule is the global policy put back to what it was also when the call raises "
                            f"(set it back in a finally, or use a with block such as precision.policy)", details)
    return Report(name, _retry_problem(train_with_policy, seed) or _grown_scale_problem(train_with_policy, x, y, seed)
                  or _library_problem(name, library), details)


def _quiet_runs_problem(train_with_policy, seed) -> str | None:
    """Issue 38, round 27 (q3_wrong_r27_clip_float32_only: float32 gradients clipped to +-5 by hand with
    tf.minimum/maximum; q3_wrong_r27_clip_mixed_f16: mixed_float16 ones to +-1 of their unscaled size;
    q3_wrong_r27_decay_f16_only: weight decay added by hand in the mixed_float16 run): one step of float32 and of
    mixed_float16 (mixed_bfloat16's weights are compared on the large-gradient batch) on a
    batch of inputs x 1000, all labels 0, the model's logits kernel set to zero by the check as it is built (its
    ``precision.mlp`` watched): the hidden layer's gradients are exactly zero, the float32 logits layer's in the
    hundreds (nothing overflows, at Keras' initial scale either). A right run leaves the hidden layer exactly as built
    and moves the logits layer as one plain SGD(0.1) step of a twin does (float32 arithmetic, a power-of-two scale
    divided out exactly: measured 0). Cost: two models and two steps of the small model, two twin steps."""
    from ... import precision, training
    from ..._tf import keras, tf

    x, _ = _data(seed, small=_QUIET_INPUTS)
    y = np.zeros(len(x), dtype="int32")
    original = precision.mlp
    # mixed_bfloat16 left out (cost): its weights are compared on the large-gradient batch above
    for policy_name in ("float32", "mixed_float16"):
        built = []

        def quiet_mlp(*args, **kwargs):
            model = _quiet_model(*args, build=original, **kwargs)
            built.append((model, model.get_weights()))
            return model

        precision.mlp = quiet_mlp
        try:
            try_answer(train_with_policy, policy_name, x, y, 1, seed)
        finally:
            precision.mlp = original
        if not built or len(built[-1][1]) != 4:
            continue
        model, before = built[-1]
        after = model.get_weights()
        if any(not np.array_equal(a, b) for a, b in zip(before[:-2], after[:-2])):
            return (f"{policy_name}: on a batch where the hidden layer's gradients are exactly zero (the check set the "
                    f"model's logits kernel to zero as it was built), one step moved the hidden layer's weights: "
                    f"{_WEIGHTS_RULE}")
        twin = original(policy_name, hidden=(32,), seed=seed)
        twin.set_weights(before)
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(training.per_example_loss()(y, twin(x, training=True)))
        keras.optimizers.SGD(LEARNING_RATE).apply_gradients(
            zip(tape.gradient(loss, twin.trainable_variables), twin.trainable_variables))
        off = _weights_off(model, before, twin.get_weights())
        if off > 1e-6:
            return (f"{policy_name}: on a batch whose float32 logits layer has large gradients (in the hundreds, inputs "
                    f"x 1000; none overflows), after one step the model's weights are {off:.2g} of their update away "
                    f"from one SGD(0.1) step of the recipe (allowed 1e-6): {_WEIGHTS_RULE}")
    return None


_TINY_COLUMN = 1e-24  # _tiny_column_problem: the factor of x's first column (then ~1e-22; its gradients 1e-27..1e-24)


def _tiny_column_problem(train_with_policy, seed) -> str | None:
    """Issue 38, round 28 (q3_wrong_r28_clip_hidden_no_bf16: the hidden layers' unscaled gradients clipped to norm 1 by
    hand in float32 and mixed_float16; q3_wrong_r28_zero_tiny: the gradient entries whose unscaled size is below 1e-12
    zeroed by hand): one float32 step on a batch of inputs x 10 (the hidden kernel's gradient norm above 1) whose
    first column is multiplied by 1e-24, the first row of the model's hidden kernel set to zero by the check as it is
    built (its ``precision.mlp`` watched): that row's gradients are 1e-27..1e-24, nonzero, and its update moves it away
    from zero where float32 shows it. A right run's weights are one plain SGD(0.1) step of a twin's (float32
    arithmetic, the same ops: measured 0), the whole model and that row alike, each to 1e-6 of its own update. Cost: two
    models and two steps of the small model."""
    from ... import precision, training
    from ..._tf import keras, tf

    x, y = _data(seed, small=10.0)
    x[:, 0] *= _TINY_COLUMN
    original, built = precision.mlp, []

    def tiny_mlp(*args, **kwargs):
        model = original(*args, **kwargs)
        weights = model.get_weights()
        if weights and weights[0].ndim == 2:
            weights[0][0, :] = 0.0
            model.set_weights(weights)
        built.append((model, model.get_weights()))
        return model

    precision.mlp = tiny_mlp
    try:
        try_answer(train_with_policy, "float32", x, y, 1, seed)
    finally:
        precision.mlp = original
    if not built or len(built[-1][1]) != 4:
        return None
    model, before = built[-1]
    twin = original("float32", hidden=(32,), seed=seed)
    twin.set_weights(before)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(training.per_example_loss()(y, twin(x, training=True)))
    keras.optimizers.SGD(LEARNING_RATE).apply_gradients(
        zip(tape.gradient(loss, twin.trainable_variables), twin.trainable_variables))
    want, got = twin.get_weights(), model.get_weights()
    off = _weights_off(model, before, want)
    if off > 1e-6:
        return (f"float32: on a batch of inputs x 10 (the hidden kernel's gradient norm above 1), after one step the "
                f"model's weights are {off:.2g} of their update away from one SGD(0.1) step of the recipe (allowed "
                f"1e-6): {_WEIGHTS_RULE}")
    row = float(np.max(np.abs(got[0][0] - want[0][0]))) / max(float(np.max(np.abs(want[0][0] - before[0][0]))), 1e-45)
    if row > 1e-6:
        return (f"float32: on a batch whose first input column is multiplied by {_TINY_COLUMN:g} (the check set the "
                f"hidden kernel's first row to zero as it was built), that row's gradients are tiny (1e-27..1e-24) but "
                f"not zero, yet after one step the row is {row:.2g} of its update away from one SGD(0.1) step of the "
                f"recipe (allowed 1e-6): {_WEIGHTS_RULE}; no gradient zeroed or rounded away by hand, however small")
    return None


def _on_16bit_grid(value: float) -> bool:
    """Whether ``value`` (nonzero) is a float16 or a bfloat16 number: a float32 loss rounded to 16 bits is; one as
    computed almost never (about 1 in 8000)."""
    v = np.float32(value)
    return bool(v != 0 and np.isfinite(v) and (float(np.float16(v)) == float(v)
                                                or int(v.view(np.uint32)) & 0xFFFF == 0))


def _grown_scale_problem(train_with_policy, x, y, seed) -> str | None:
    """Issue 38, round 26 (q3_wrong_r26_scale_cap: the loss scale set back to 2**15 after each step when it is above):
    Keras' LossScaleOptimizer doubles its scale only after 2000 good steps in a row, so no run above grew it. One
    mixed_float16 run of 2 steps on the normal batch: after the first eager step, the LossScaleOptimizer's count of good
    steps is set to ``dynamic_growth_steps - 1`` (where 1999 good steps leave it), so that a good second step doubles the
    scale; after the call the scale must be the one the LossScaleOptimizer's own last ``apply`` left (nothing sets it
    back: no cap). Eager steps only (a graph step's scale is not read). Cost: a model built and two steps of the normal
    batch."""
    from ..._tf import keras, tf

    scaler = keras.mixed_precision.LossScaleOptimizer
    original, steps = scaler.apply, []

    def grown(self, *args, **kwargs):
        eager = tf.executing_eagerly()
        before = float(self.dynamic_scale.numpy()) if eager and getattr(self, "built", False) else None
        out = original(self, *args, **kwargs)
        if eager:
            if not any(opt is self for opt, _, _ in steps):
                self.step_counter.assign(self.dynamic_growth_steps - 1)
            steps.append((self, before, float(self.dynamic_scale.numpy())))
        return out

    scaler.apply = grown
    try:
        try_answer(train_with_policy, "mixed_float16", x, y, 2, seed)
    finally:
        scaler.apply = original
    if len(steps) < 2:
        return None
    opt, before, after = steps[-1]
    final = float(opt.dynamic_scale.numpy())
    if final == after or (np.isnan(final) and np.isnan(after)):
        return None
    grew = f" (it doubled from {before:g})" if before is not None and after == 2 * before else ""
    return (f"mixed_float16: the check set the LossScaleOptimizer's count of good steps to "
            f"{int(opt.dynamic_growth_steps) - 1} after the first step (as {int(opt.dynamic_growth_steps) - 1} good steps "
            f"in a row leave it), so its own apply of the next good step left the scale at {after:g}{grew}; after the "
            f"call it is {final:g}: the rule is the loss scale grown as Keras' LossScaleOptimizer grows it (doubled after "
            f"{int(opt.dynamic_growth_steps)} good steps in a row, whatever its value: no cap) and moved by nothing else")


def _retry_problem(train_with_policy, seed) -> str | None:
    """Issue 38, round 19 (q3_wrong_r19_retry_overflow: a step the LossScaleOptimizer skips retried on the same batch
    with the halved scale, up to 4 times): one mixed_float16 step on a batch whose scaled gradients overflow float16 at
    Keras' initial scale (inputs x 30, as ``_inf_problem``), the LossScaleOptimizer's eager ``apply`` calls counted (a
    graph step, tf.function or fit, is not counted): one. Cost: one step (up to five for the planted answer)."""
    from ... import precision
    from ..._tf import keras, tf

    scaler = keras.mixed_precision.LossScaleOptimizer
    original, applied, traced = scaler.apply, [], []
    original_mlp, built = precision.mlp, []  # round 28: the model's weights as built

    def counted(self, *args, **kwargs):
        traced.append(self)
        if tf.executing_eagerly():
            applied.append(self)
        return original(self, *args, **kwargs)

    def kept_mlp(*args, **kwargs):
        model = original_mlp(*args, **kwargs)
        built.append((model, model.get_weights()))
        return model

    x, y = _data(seed, small=30.0)
    scaler.apply, precision.mlp = counted, kept_mlp
    try:
        try_answer(train_with_policy, "mixed_float16", x, y, 1, seed)
    finally:
        scaler.apply, precision.mlp = original, original_mlp
    if not traced:
        # issue 38, round 27 (q3_wrong_r27_manual_skip: the gradients checked by hand and a non-finite step never
        # handed to the LossScaleOptimizer, so its scale never halves): its apply not called, eagerly or in a graph
        return ("mixed_float16: on a batch whose scaled gradients overflow float16 (inputs x 30 at Keras' initial loss "
                "scale), the LossScaleOptimizer was never handed the step (its apply never ran, eagerly or in a graph): "
                "the rule is an overflowed step skipped by the optimizer, which halves its scale (a step skipped by your "
                "own code leaves the scale where it overflows, step after step)")
    if len(applied) > 1:
        return (f"mixed_float16: on a batch whose scaled gradients overflow float16 (inputs x 30 at Keras' initial loss "
                f"scale), a run of 1 step applied the LossScaleOptimizer {len(applied)} times: the rule is one update of "
                f"the loss-scaling recipe per step: an overflowed step is skipped (its scale halved) and counts as one of "
                f"the `steps` steps, not retried")
    return _skipped_problem(traced[-1], built)


def _skipped_problem(opt, built) -> str | None:
    """Issue 38, round 28 (q3_wrong_r28_clip_overflow: inf/NaN gradients replaced by 0; q3_wrong_r28_nan_to_num:
    np.nan_to_num on them, inf -> +-float32 max): ``_retry_problem``'s 1-step run, whose scaled gradients overflow
    float16 at Keras' initial scale 2**15 (inputs x 30, the first kernel's gradient inf: ``_inf_problem``): the step
    must be skipped (the weights as built) and the scale halved, as the LossScaleOptimizer does when it sees the inf.
    Judged only when the LossScaleOptimizer started at 2**15 or above (a smaller initial scale may not overflow) and
    the model the run trained is known (its last ``precision.mlp``). Cost: nothing run (weights and scale read)."""
    start = getattr(opt, "initial_scale", None)
    scale = getattr(opt, "dynamic_scale", None)
    if not built or start is None or scale is None or float(start) < 2.0 ** 15:
        return None
    model, before = built[-1]
    after, now = model.get_weights(), float(scale.numpy())
    if len(after) != len(before):
        return None
    moved = any(not np.array_equal(a, b, equal_nan=True) for a, b in zip(before, after))
    if not moved and now < float(start):
        return None
    return (f"mixed_float16: on a batch whose scaled gradients overflow float16 (inputs x 30 at the loss scale "
            f"{float(start):g}: inf in the first kernel's gradient), after the 1-step run the weights "
            f"{'moved' if moved else 'stayed'} and the loss scale is {now:g}: the rule is an overflowed step skipped by "
            f"the LossScaleOptimizer (the weights stay) and its scale halved; it does so only if it sees the overflow: "
            f"the gradients handed to it as the tape gives them, inf/NaN included (none replaced by 0 or a finite "
            f"number, no clipping)")


def _globals_state(fn) -> dict | None:
    """Issue 38, round 18 (q3_wrong_r18_keeps_last_model_attr: ``fn.__globals__.setdefault("_RUNS", {})[policy] =
    (model, opt)``, a name its code never reads, so ``kept_state`` does not see it): ``{name: state}`` of the globals
    of ``fn``'s module (a notebook's), dunder and IPython's output names aside: a container's ``(id, len, items)``
    (``_container_state`` with contents), any other value's ``id``. Cost: one pass over the notebook's names."""
    from . import _container_state, _keeps

    func = getattr(fn, "__func__", fn)
    space = getattr(func, "__globals__", None) or getattr(getattr(type(fn), "__call__", None), "__globals__", None)
    if not isinstance(space, dict):
        return None
    skip = re.compile(r"^(__.*|_+|_i+|_i?\d+|In|Out|_oh|_dh|_ih|exit|quit)$")
    return {k: _container_state(v, True) if _keeps(v) else id(v) for k, v in list(space.items()) if not skip.match(k)}


def _globals_problem(fn, before) -> str | None:
    """What a call added to or changed in its module's globals (``_globals_state``), said in a few words, else None."""
    after = _globals_state(fn)
    if before is None or after is None:
        return None
    added = sorted(k for k in after if k not in before)
    changed = sorted(k for k in after if k in before and after[k] != before[k])
    if not added and not changed:
        return None
    return (f"added {', '.join(map(repr, added[:3]))}" if added else
            f"changed {', '.join(map(repr, changed[:3]))}")


def _updates_problem(policy_name, stepped, optimizers, steps) -> str | None:
    """Issue 38, round 9: the updates, counted on the optimizers that stepped (their ``iterations``). Planted:
    ``steps - 1`` updates whose losses are still right (q3_wrong_r9_one_step_short: the first loss taken before any
    update, each next one after an update: the last step never trains); and a new LossScaleOptimizer every step
    (q3_wrong_r9_fresh_optimizer_each_step: its scale starts again at 2**15 each step instead of changing during
    training; the losses are right, since the check moves the scale of each optimizer after its first step only)."""
    from ..._tf import keras

    inner = {id(o): o for o in optimizers if not isinstance(o, keras.mixed_precision.LossScaleOptimizer)}
    done = sum(int(o.iterations.numpy()) for o in inner.values())
    if inner and done != steps:
        return (f"{policy_name}: the optimizer applied {done} updates for {steps} steps (its iterations): the rule is "
                f"one update per step, each step's loss computed before its update")
    scalers = {id(o) for o in stepped}
    if len(scalers) > 1:
        return (f"{policy_name}: {len(scalers)} LossScaleOptimizers stepped in one run of {steps} steps: the rule is "
                f"one optimizer through the training, whose loss scale (lowered after overflowed steps, raised after "
                f"good ones) carries from step to step; a new one starts at its initial scale again")
    return None


def _first_loss_problem(policy_name, first, x, y, seed) -> str | None:
    """Issue 38, round 9 (q3_wrong_r9_{round_16bit_loss,report_16bit_mean,mean_over_f16_examples}: the losses
    returned as 16-bit numbers turned back into floats -- ``float(tf.cast(loss, compute_dtype))``, a mean taken in
    16 bits -- kept their points: the type check sees a Python float, and 16-bit rounding (1e-4..1e-3 of the loss)
    is far inside the tolerances). The first loss comes before any update, so every right answer returns the same
    number: the float32 mean loss of the float32 logits of ``precision.mlp(policy_name, hidden=(32,), seed=seed)`` on
    x. It must be that number to 1e-6 of it (float32 arithmetic of a right answer: ~1e-7; the 16-bit rounding
    of the check's first losses: 1.1e-4 and 1.6e-4 in float16, 9e-4 and 1.3e-3 in bfloat16, seeds 0 and 7)."""
    from ... import precision, training
    from ..._tf import tf

    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    want = float(tf.reduce_mean(training.per_example_loss()(y, model(x))))
    if abs(first - want) <= 1e-6 * abs(want):
        return None
    return (f"{policy_name}: the first loss returned is {first:.7g}, but the mean loss of the model's float32 logits "
            f"before any update is {want:.7g} ({abs(first - want) / abs(want):.1e} of it off, allowed 1e-6): the rule "
            f"is the loss as a float32 number, computed in float32 from the float32 logits (float(loss)); a loss or a "
            f"mean taken in 16 bits is rounded (1e-4..1e-3 of it) and does not count")


def _watch_logits_gradient(model, rounded, policy_name, y=None, factors=None) -> None:
    """Issue 38, round 4 (q3_wrong_r4_fp16_ce): the model's output passes through an identity whose gradient
    notes, when it runs eagerly, whether every value reaching the float32 logits is a 16-bit number (the
    gradient of a loss of logits cast down to float16/bfloat16 is; of the float32 logits' loss, never on 64 x 10
    values). Under ``fit`` (a graph) the values cannot be read and nothing is noted."""
    from ..._tf import tf

    if policy_name == "float32":
        return
    low = tf.float16 if policy_name == "mixed_float16" else tf.bfloat16
    call = type(model).call

    def watched_call(self, *args, **kwargs):
        out = call(self, *args, **kwargs)
        if not isinstance(out, tf.Tensor) or out.dtype != tf.float32:
            return out

        @tf.custom_gradient
        def passthrough(t):
            def grad(dy):
                if tf.executing_eagerly() and hasattr(dy, "numpy") and int(tf.size(dy)) >= 16:
                    rounded.append(bool(tf.reduce_all(tf.cast(tf.cast(dy, low), tf.float32) == dy)))
                    if factors is not None and y is not None and tuple(dy.shape) == (len(y), t.shape[-1]):
                        factors.append(_mean_factor(t.numpy(), dy.numpy(), y))
                return dy
            return tf.identity(t), grad

        return passthrough(out)

    object.__setattr__(model, "call", watched_call.__get__(model))


def _mean_factor(logits, dy, y) -> float | None:
    """Issue 38, round 10 (q3_wrong_r10_scaled_f16_mean: the scaled per-example losses cast to float16 and averaged
    there; the losses returned are right, the numbers trained stay within the tolerances). The gradient of a mean
    sparse cross-entropy over n examples, times a loss scale, reaching float32 logits is (softmax - onehot) / n x the
    scale, a power of two (1 without loss scaling); the factor of (softmax - onehot) / n in ``dy`` (least squares, in
    float64) is returned, or None when ``dy`` is not that direction (some other loss). A right answer's factor is a
    power of two to ~1e-7 (float32 arithmetic); a mean taken in 16 bits rounds 1/n (float16: 1/80 is 3.7e-4 off,
    bfloat16: 9.8e-4), a sum divided by a fixed 64 gives n/64."""
    logits, dy = np.asarray(logits, dtype=np.float64), np.asarray(dy, dtype=np.float64)
    p = np.exp(logits - logits.max(axis=1, keepdims=True))
    g = p / p.sum(axis=1, keepdims=True)
    g[np.arange(len(y)), np.asarray(y)] -= 1
    g /= len(y)
    norm = float(np.sum(g * g))
    if norm == 0 or not np.all(np.isfinite(dy)):
        return None
    factor = float(np.sum(dy * g)) / norm
    if factor <= 0 or np.max(np.abs(dy - factor * g)) > 1e-3 * np.max(np.abs(factor * g)):
        return None
    return factor


def _model_problem(policy_name, built) -> str | None:
    """The model the contract names, ``precision.mlp(policy_name, ...)``, observed: its hidden layers compute
    in the policy's 16-bit type and its logits in float32. Planted (issue 38, round 3): a mixed_bfloat16 run
    training a float16 model (and the other way round), float16 logits (``float32_output=False``)."""
    if not built:
        return (f"{policy_name}: train_with_policy did not build its model with precision.mlp(policy_name, "
                f"hidden=(32,), seed=seed), the model the contract names")
    want = {"float32": "float32", "mixed_float16": "float16", "mixed_bfloat16": "bfloat16"}[policy_name]
    model = built[-1]
    for layer in model.layers[:-1]:
        if layer.weights and getattr(layer, "compute_dtype", want) != want:
            return (f"{policy_name}: the model's layer {layer.name} computes in {layer.compute_dtype}, not {want}: "
                    f"build the model for the policy it is given")
    if model.layers[-1].compute_dtype != "float32":
        return (f"{policy_name}: the logits layer computes in {model.layers[-1].compute_dtype}: the contract is "
                f"float32 logits (softmax and cross-entropy lose small probabilities in 16 bits)")
    return None


def _scale_problem(policy_name, stepped) -> str | None:
    """A LossScaleOptimizer that scales by 1 does no loss scaling (planted, issue 38, round 3: initial_scale=1;
    float16 gradients underflow as without it)."""
    for optimizer in stepped:
        initial = float(getattr(optimizer, "initial_scale", 2.0 ** 15))
        if initial <= 1:
            return (f"{policy_name}: the LossScaleOptimizer starts at a loss scale of {initial:g}: multiplying by 1 "
                    f"is no loss scaling (small float16 gradients still underflow); keep a large initial scale "
                    f"(Keras' default 2**15)")
        # issue 38, round 17 (q3_wrong_r17_growth_every_step: dynamic_growth_steps=1, the scale doubling after every
        # good step until it overflows): the prompt names Keras' dynamic growth, read off the optimizer the answer built
        growth = getattr(optimizer, "dynamic_growth_steps", GROWTH_STEPS)
        if growth != GROWTH_STEPS:
            return (f"{policy_name}: the LossScaleOptimizer doubles its scale after {growth} good steps: the rule is "
                    f"Keras' dynamic loss scaling as it comes (dynamic_growth_steps={GROWTH_STEPS}, its default); a "
                    f"scale that grows sooner overflows float16 and skips steps")
    return None


def _optimizer_problem(policy_name, optimizers) -> str | None:
    """The contract's optimizer, observed (issue 38, round 5, tests/attacks/ex06/q3_wrong_r5_{weight_decay,clipnorm}):
    every optimizer that steps (a LossScaleOptimizer's inner one) is ``SGD(0.1)``, nothing added. Planted: a tiny
    weight decay, a gradient-norm clip at 10: both move the losses by less than the tolerances."""
    from ..._tf import keras

    plain = {k: v for k, v in keras.optimizers.SGD(LEARNING_RATE).get_config().items() if k != "name"}
    for optimizer in optimizers:
        if isinstance(optimizer, keras.mixed_precision.LossScaleOptimizer):
            continue
        config = optimizer.get_config() if type(optimizer) is keras.optimizers.SGD else None
        changed = ([k for k, v in plain.items() if config.get(k) != v and not (k == "learning_rate" and
                    _number_near(config.get(k), v))] if config is not None else [])
        if config is None or changed:
            what = (f"{type(optimizer).__name__}" if config is None
                    else "SGD with " + ", ".join(f"{k}={_setting(config[k])}" for k in changed))
            return (f"{policy_name}: the weights are stepped by {what}: the contract is SGD(0.1) and nothing else (no "
                    f"weight decay, clipping or momentum), wrapped in a LossScaleOptimizer where the policy needs it")
    return None


def _setting(value) -> str:
    """An optimizer setting for a message: a schedule (a config dict) by its class name."""
    if isinstance(value, dict) and "class_name" in value:
        return f"a {value['class_name']} schedule"
    return repr(value)


def _number_near(value, want) -> bool:
    """Whether ``value`` is a number within 1e-9 of ``want``. Issue 38, round 14 (q3_wrong_r14_lr_schedule_decay:
    SGD given a learning-rate schedule, whose config is a dict): not a number is a changed setting, never a crash."""
    try:
        return abs(float(value) - want) <= 1e-9
    except (TypeError, ValueError):
        return False


def _watch_inputs(model, inputs) -> None:
    """Note each input the model is called on (issue 38, round 5, q3_wrong_r5_x_f16): the batch is ``x`` as given."""
    call = model.call

    def watched_call(*args, **kwargs):
        if args:
            inputs.append(args[0])
        return call(*args, **kwargs)

    object.__setattr__(model, "call", watched_call)


def _rows_permuted(seen, x) -> bool:
    """Whether ``seen`` holds x's rows exactly, in another order (read only when it is not x)."""
    try:
        a, b = np.asarray(seen, dtype=np.float32), np.asarray(x, dtype=np.float32)
    except (TypeError, ValueError):
        return False
    return a.shape == b.shape and a.ndim == 2 and sorted(map(bytes, a)) == sorted(map(bytes, b))


def _inputs_problem(policy_name, inputs, x) -> str | None:
    """The model sees ``x`` as given: the Sequential model's call receives its inputs as float32 (its input layer
    converts them), and they must be x's values exactly. Planted: x cast to float16 for mixed_bfloat16 (round 5,
    double rounding); x cast to the model's own compute dtype first (issue 38, round 9, q3_wrong_r9_cast_inputs:
    the same numbers, but the prompt says the batch is used as given and the model casts it itself; round 5 let
    this one pass). Values the check cannot read (a graph under ``fit``) are not compared."""
    from ..._tf import tf

    want = tf.constant(x)
    for seen in inputs:
        shape = getattr(seen, "shape", None)
        if (type(seen).__name__ == "EagerTensor" and shape is not None and len(shape) == len(want.shape)
                and shape[0] is not None and shape[0] > want.shape[0]):
            # round 16's q3_gap_r16_pad_batch_to_8 (the batch padded with rows to a multiple of 8, their logits or
            # losses dropped), caught in round 19: an eager call on more rows than x has
            return (f"{policy_name}: the model was called on a batch of {shape[0]} rows, but x has {want.shape[0]}: the "
                    f"contract is the whole (x, y) batch as given (no rows added, e.g. padding to a multiple of 8)")
        if shape != want.shape or not hasattr(seen, "dtype"):
            continue
        try:
            same = bool(tf.reduce_all(tf.cast(seen, want.dtype) == want))
        except (TypeError, ValueError, tf.errors.OpError):
            continue
        if not same and _rows_permuted(seen, x):  # round 27 (q3_wrong_r27_shuffle_each_step)
            return (f"{policy_name}: the model was called on x's rows in another order (shuffled): the contract is the "
                    f"whole (x, y) batch as given at each step, its rows in their order (a mean over reordered rows "
                    f"differs in its last bits)")
        if not same:
            return (f"{policy_name}: the model was called on inputs that are not x as given (rounded first: cast to a "
                    f"16-bit type, their values are no longer x's): the contract is the whole (x, y) batch as given; "
                    f"the model casts it to its own compute dtype itself")
    return None
