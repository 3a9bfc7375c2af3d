"""Checks of exercise 04 (lesson 04, ``solutions/04_gradient_accumulation.ipynb``).

* ``compare_accum_steps``: q1 (build), the smallest number of micro-batches that fits memory
  (reference: ``gpukit.accumulation.smallest_accum_steps``);
* ``check_epoch_prediction``: q2 (predict), micro-steps and optimizer updates in one epoch,
  worked out before running, graded exactly;
* ``compare_accumulated_gradients``: q3 (debug), the fixed one-device accumulation loop must give
  the large batch's gradient; the planted bug (each micro-batch averaged over its own examples)
  is recognised and named;
* ``compare_accumulation``: q4 (build), an accumulating step that trains like one large batch
  (reference: ``gpukit.training`` on one device); applying every micro-batch and dividing by the
  micro-batch are named.

``HINTS`` holds the hints ``gpukit.course.exercises.hint(ex04, "q1")`` prints one at a time.
"""

from __future__ import annotations

import gc
import math
import numbers
import random
import sys
import weakref

import numpy as np

from . import (Recorder, Report, TapesWatched, attribute_names, attributes_added_problem, global_rng_problem, interleaving_problem, is_stub, kept_state,
               kept_state_problem, micro_batch_problem, not_solved, notebook_globals, numpy_kept, session_kept,
               tf_random_watched,
               training_problem, try_answer, unwatched_backward_problem, watch_calls, watch_clips, watch_first_layer,
               watched_calls)

HINTS = {
    "q1": [
        "Try accum_steps = 1, 2, 3, ... in turn: the first that works is the smallest.",
        "For a candidate k the per-replica batch is global_batch_size / (num_replicas * k): it must be a whole "
        "number AND at most the limit.",
        "Rounding global_batch_size / (num_replicas * max) up gives a k that fits but may not divide the batch "
        "exactly (64 over 4 replicas with at most 6: k = 3 leaves 5.33 per replica).",
        "If no k up to global_batch_size / num_replicas works, the batch cannot be split: raise ValueError.",
    ],
    "q2": [
        "First find accum_steps for these numbers (question 1), then the size of one micro-batch over all "
        "replicas: GLOBAL_BATCH_SIZE / accum_steps.",
        "The data pipeline drops a last partial micro-batch: only whole micro-batches reach micro_step.",
        "The optimizer steps once every accum_steps micro-steps; micro-batches left over at the end of the "
        "epoch have been accumulated but not applied.",
    ],
    "q3": [
        "Compare the colleague's gradient with the large batch's: print the ratio of one weight's gradient. "
        "Is it a constant? Does it depend on accum_steps?",
        "On one device with the whole batch every example's loss is divided by len(x). By what does the "
        "colleague divide an example's loss?",
        "Summing accum_steps gradients of means is accum_steps times the gradient of the overall mean.",
    ],
    "q4": [
        "Split the work in two: something run on every micro-batch (forward, backward, keep the gradient) and "
        "something run once per update (apply, then start over).",
        "The kept gradients must live on each replica without being synchronised on every micro-batch: a "
        "variable per trainable weight, created in strategy.scope(), with ON_READ synchronization and SUM "
        "aggregation (lesson 04 explains why).",
        "Divide each micro-batch's summed per-example loss by the number of examples of the WHOLE update "
        "(question 3's lesson), not by the micro-batch.",
        "Run each half with strategy.run inside its own tf.function, and count the micro-steps in plain Python to "
        "decide when to apply: a tf.cond on a counter inside a strategy fails.",
        "After applying, set the kept gradients back to zero, or the next update adds the old ones again.",
    ],
}


def compare_accum_steps(choose_accum_steps, cases) -> Report:
    """Call the learner's ``choose_accum_steps(global_batch_size, num_replicas,
    max_per_replica_batch_size)`` on each case and compare with ``smallest_accum_steps``
    (a case with no valid split must raise ``ValueError``)."""
    from ...accumulation import smallest_accum_steps

    name = "choose_accum_steps"
    for gb, r, most in cases:
        fractional = not isinstance(most, numbers.Integral)
        try:  # round 14: a fractional limit above one holds its whole part (2.5: 2 examples); the planner takes ints
            expected = smallest_accum_steps(gb, r, math.floor(most) if fractional and most >= 1 else most)
        except ValueError:
            expected = None
        try:
            got = try_answer(choose_accum_steps, gb, r, most)
        except TypeError:
            if not fractional:
                raise
            continue  # round 13: a fractional limit refused by range() is refused (rounded up, 2.5 -> 3, it is not)
        except ValueError:
            if expected is None or fractional:  # round 14: a fractional limit refused (lesson 04's planner) is refused
                continue
            return Report(name, f"choose_accum_steps({gb}, {r}, {most}) raised ValueError, but "
                                f"accum_steps={expected} works ({gb // (r * expected)} per replica)")
        except Exception as err:  # noqa: BLE001  planted: an assert instead of ValueError (issue 38, round 3)
            if expected is not None and isinstance(err, OverflowError):  # round 17 (q1_wrong_r17_numpy_int64_arith)
                return Report(name, f"choose_accum_steps({gb}, {r}, {most}) raised OverflowError ({err}), but "
                                    f"accum_steps={expected} works: the contract is arithmetic exact at any size (Python "
                                    f"ints, not NumPy's 64-bit ones, which stop at 2**63)")
            if expected is not None:
                raise
            why = f"{gb} is not a multiple of {r}" if gb % r else f"a limit of {most} holds no example"
            return Report(name, f"choose_accum_steps({gb}, {r}, {most}) raised {type(err).__name__} ({err}); "
                                f"no split exists ({why}), and the contract is to raise ValueError then")
        if got is None:
            return Report(name, not_solved(name))
        if expected is None:  # planted (issue 38, round 4): a limit of 0 "guarded" to 1, or gb // r returned unchecked
            why = (f"{gb} is not a multiple of {r}" if gb % r else
                   f"a limit of {most} holds no example: no per-replica batch fits")
            if gb % r and (gb / r).is_integer():  # round 19 (q1_wrong_r19_float_divisibility_check): a float quotient
                why += (f", yet the float {gb} / {r} rounds to the whole {gb / r:g}: the contract is arithmetic exact at "
                        f"any size, so divisibility must be checked with ints (gb % r), not a float division")
            return Report(name, f"choose_accum_steps({gb}, {r}, {most}) returned {got!r}, but no "
                                f"split exists ({why}): raise ValueError")
        if isinstance(got, bool) or not isinstance(got, numbers.Integral):  # planted: 4.0 (issue 38, round 3)
            return Report(name, f"choose_accum_steps({gb}, {r}, {most}) returned {got!r}, a "
                                f"{type(got).__name__}: the contract is an int (a number of micro-batches)")
        if gb > 2**53 and 0 < got < expected and gb % (r * got) == 0 and gb // (r * got) > most:
            # round 28 (q1_wrong_r28_float_ceil_start): the search started at math.ceil(gb / (r * limit)), a float
            # division, and the limit never checked again: r * limit rounds up (r = 2**53 - 2), the start is too low
            return Report(name, f"choose_accum_steps({gb}, {r}, {most}) returned {got!r}, whose per-replica batch "
                                f"{gb // (r * got)} is above the limit {most}: the contract is per_replica_batch_size "
                                f"<= max_per_replica_batch_size, with arithmetic exact at any size (a float division "
                                f"such as gb / (r * limit) rounds above 2**53: check the limit with ints); expected "
                                f"{expected}")
        if got != expected:
            return Report(name, f"choose_accum_steps({gb}, {r}, {most}) returned {got!r}, expected "
                                f"{expected}: the smallest k with {gb} divisible by {r} x k and "
                                f"{gb} / ({r} x k) <= {most}")
    return Report(name)


_LARGE_BATCH: dict = {}  # compare_accumulation's reference weights, per case

# Issue 38, round 15 (q4_wrong_r15_clip_global_norm_1e4: the summed gradient clipped to a global norm of 1e4, which no
# case reaches; the prompt: the summed gradients applied as they are, no clipping): TensorFlow's clip functions note
# each call made from notebook code (no right answer calls them; Keras' clipnorm is not set here): the watch exercise 06
# uses too (watch_clips, one key)
_CLIP_CALLS = watch_clips()   # the shared watch of TensorFlow's clip functions


def compare_accumulation(make_accumulating_step, strategy, *, global_batch_size: int = 32, accum_steps: int = 2,
                         updates: int = 3, seed: int = 0, momentum: float = 0.0,
                         atol: float = 1e-5, restart: bool = False, x_scale: float = 1.0,
                         dtype: str = "float32") -> Report:
    """Train ``updates`` updates with the learner's ``make_accumulating_step(strategy, model,
    optimizer, global_batch_size, accum_steps)`` (which returns ``micro_step(batch)``, called
    once per distributed micro-batch) and with ``gpukit.training`` on one device with batches
    of ``global_batch_size``, from the same weights and data; compare. SGD, so a wrong scale
    shows (Adam would hide a constant factor). ``details``: ``iterations``, ``updates``,
    ``weights_diff``, ``update_ratio`` (the learner's weight change / the large batch's; 1.0
    is right). Issue 38, round 9: ``restart``, after the run (which ends with an accumulation left unfinished) a
    NEW ``micro_step`` made for the same model and optimizer must make its first update after ``accum_steps``
    calls, with those micro-batches' gradients only (``_restart_problem``). Round 14 (q4_wrong_r14_clip_by_value):
    ``x_scale`` multiplies the first example's inputs, so that some gradients exceed 1 (a clip to [-1, 1] shows).
    Round 28 (q4_wrong_r28_float32_accums: ``tf.zeros(v.shape)`` accumulators, float32 whatever the variable):
    ``dtype="float64"``, the same MLP in float64 (``_mlp``) fed float64 inputs; accumulators (variables the learner's
    code makes, shaped like a trainable variable) with fewer bits than it are named even when the weights come within
    ``atol`` (float32 sums of a float64 model are ~1e-9 off)."""
    import numpy as np

    from ... import checks, data, models, training
    from ..._tf import keras, tf
    from ...accumulation import accum_sizes

    name = "make_accumulating_step"
    sizes = accum_sizes(strategy.num_replicas_in_sync, global_batch_size, accum_steps)
    # one micro-batch more than the updates take: a last micro-step left accumulated, never applied (an epoch's
    # leftover, question 2). Planted (issue 38, round 4): a counter shared by every micro_step ever made (a module
    # global) then starts the next accumulation off by one, and the next check sees its updates at the wrong calls.
    # round 9: one global batch more for ``restart``'s new micro_step (the main run stops after its first micro-batch)
    x, y = data.synthetic(global_batch_size * (updates + 1), shape=(64,), seed=seed)
    x[0] *= x_scale
    if dtype != "float32":  # round 28: the inputs in the model's dtype (as the float32 case's are)
        x = x.astype(dtype)
    if restart:  # round 16 (q4_wrong_r16_nonfinite_grad_guard): a NaN example in the restart's last micro-batch only
        x[-1, 0] = np.nan
    run = global_batch_size * updates + sizes.micro_batch_size

    def build(on):
        model = _mlp(seed, on, dtype)
        with on.scope():
            optimizer = keras.optimizers.SGD(0.1, momentum=momentum)
        training.build_optimizer(on, model, optimizer)
        return model, optimizer

    model, optimizer = build(strategy)
    initial = [np.array(w) for w in model.get_weights()]
    slots = [np.array(v) for v in getattr(optimizer, "momentums", [])]  # round 9: the optimizer's own state
    learning_rate = float(np.asarray(optimizer.learning_rate))
    # Issue 38, round 3: how the gradients travel, observed (the numbers cannot tell): every variable made
    # while the learner's code runs, and every all-reduce (elements handed to the strategy's reduce_to /
    # batch_reduce_to, seen when a tf.function is traced or eagerly) per micro-step.
    watch = _Communication(strategy, model, optimizer)
    module_state = kept_state(make_accumulating_step, defaults=True)  # round 15: q4_wrong_r15_module_call_log
    # round 16 (q4_wrong_r16_{loss_fn_reduction_left_sum,model_compile}): what q3 reads, the notebook objects the code
    # names (loss_fn) and the attributes of the model handed in (model.compile adds its compile state)
    objects_state = kept_state(make_accumulating_step, objects=True, given=(("model", model),))
    # round 17 (q4_wrong_r17_pooled_accumulators_on_loss_fn): accumulators pooled in loss_fn.__dict__
    names = attribute_names(make_accumulating_step)
    notebook = notebook_globals(sys._getframe(1))
    if notebook is not None:  # round 15: the clip calls of this check's run only
        notebook.pop(_CLIP_CALLS, None)
    optimizer_given = _optimizer_state(optimizer)  # round 18 (q4_wrong_r18_rebuild_optimizer)
    with watch:
        micro_step = try_answer(make_accumulating_step, strategy, model, optimizer, global_batch_size, accum_steps)
    rebuilt = _optimizer_rebuilt_problem(optimizer_given, optimizer)
    if rebuilt:
        return Report(name, rebuilt)
    watch.take()  # what making the accumulators read (their creation) is not a micro-step's
    watch.training.clear()
    if micro_step is None:
        return Report(name, not_solved(name))
    dist, _ = data.distribute(strategy, x[:run], y[:run], global_batch_size=sizes.micro_batch_size)
    results, after, reduced = [], [], []  # the learner's weights after each update (every accum_steps calls)
    for i, batch in enumerate(dist):
        steps_before = int(optimizer.iterations.numpy())
        with watch, session_kept("micro_step"):  # the learner's function: a changed session setting fails here too
            results.append(micro_step(batch))
        reduced.append((watch.take(), int(optimizer.iterations.numpy()) > steps_before))
        if (i + 1) % accum_steps == 0 and len(after) < updates:
            after.append([np.array(w) for w in model.get_weights()])
    edited = (kept_state_problem("make_accumulating_step", objects_state, make_accumulating_step, only_objects=True,
                                 given=(("model", model),))  # round 16: put back, then named
              or attributes_added_problem("make_accumulating_step", names))  # round 17
    if edited:
        return Report(name, edited)
    if any(is_stub(r) for r in results):
        if any(not np.array_equal(a, b) for a, b in zip(initial, model.get_weights())):  # it trained: not a stub
            return Report(name, "micro_step (the function make_accumulating_step returns) trained but returned None: "
                                "it must return the micro-batch's mean loss")
        return Report(name, "not solved yet: micro_step (the function make_accumulating_step returns) returns None; "
                            "replace the ... with your code")
    now = float(np.asarray(optimizer.learning_rate))
    rates_moved = [r for r in watch.rates if abs(r - learning_rate) > 1e-9 * max(1.0, learning_rate)]
    if now != learning_rate or rates_moved:  # planted: the scale moved into the learning rate (round 4: and put back after)
        when = (f"changed the optimizer's learning rate from {learning_rate:g} to {now:g}" if now != learning_rate else
                f"set the optimizer's learning rate to {rates_moved[0]:g} (then back to {learning_rate:g})")
        return Report(name, f"make_accumulating_step {when}: the caller's learning rate is theirs, even for one "
                            f"update; give the optimizer the right gradient (each micro-batch's summed loss / "
                            f"global_batch_size) instead")
    if watch.outside:  # planted (round 4): each micro-batch gathered onto one device and run there
        return Report(name, f"micro_step ran the model {watch.outside} time(s) outside the strategy's replicas (not "
                            f"under strategy.run): one device computes the whole micro-batch; the rule is data "
                            f"parallelism, each replica its share of every micro-batch (strategy.run)")
    # the large batch, one update at a time, on one device: it depends on the case only (not on the answer), so it
    # is trained once per case and process (test time: every blind answer is graded by the same two cases)
    key = (global_batch_size, updates, seed, momentum, len(x), keras.mixed_precision.global_policy().name,
           keras.backend.floatx(), x_scale, restart, dtype)
    if key not in _LARGE_BATCH:
        single = tf.distribute.get_strategy()
        reference, ref_optimizer = build(single)
        trained = []
        for u in range(updates + 1):
            part = slice(u * global_batch_size, (u + 1) * global_batch_size)
            training.train(single, reference, ref_optimizer, (x[part], y[part]), global_batch_size=global_batch_size)
            trained.append([np.array(w) for w in reference.get_weights()])
        _LARGE_BATCH[key] = trained
    ref_after = [[np.array(w) for w in weights] for weights in _LARGE_BATCH[key]]
    moved = [a - b for a, b in zip(model.get_weights(), initial)]
    ref_moved = [a - b for a, b in zip(ref_after[updates - 1], initial)]
    iterations = int(optimizer.iterations.numpy())
    weights_diff = checks.max_difference(model.get_weights(), ref_after[updates - 1])
    scale = checks.scale_factor(moved, ref_moved)
    first_diff = checks.max_difference(after[0], ref_after[0]) if after else float("inf")
    first_scale = (checks.scale_factor([a - b for a, b in zip(after[0], initial)],
                                       [a - b for a, b in zip(ref_after[0], initial)]) if after else float("nan"))
    details = {"iterations": iterations, "updates": updates, "weights_diff": weights_diff, "update_ratio": scale,
               "first_update_diff": first_diff, "first_update_ratio": first_scale, "atol": atol,
               "all_reduced": [(*taken, stepped) for taken, stepped in reduced]}
    if iterations != updates:
        return Report(name, f"the optimizer stepped {iterations} times in {len(results)} micro-steps ({updates} "
                            f"updates of {accum_steps} micro-batches each, then one micro-batch left over): the weights "
                            f"change more often than once per accumulated batch", details)
    stepped_at = [i + 1 for i, (_, stepped) in enumerate(reduced) if stepped]
    if stepped_at != [accum_steps * (u + 1) for u in range(updates)]:  # planted (round 4): a module-level counter
        return Report(name, f"the optimizer stepped at micro-step(s) {stepped_at} of this micro_step, not after every "
                            f"{accum_steps} calls ({', '.join(str(accum_steps * (u + 1)) for u in range(updates))}): each "
                            f"micro_step counts its own calls from its first (a counter shared with an earlier "
                            f"micro_step, a module-level global, starts off by the calls made before)", details)
    moved_slots = [not np.array_equal(a, np.array(v)) for a, v in zip(slots, getattr(optimizer, "momentums", []))]
    if momentum and slots and not any(moved_slots):
        # planted (round 9, q4_wrong_r9_manual_sgd): w -= lr * g by hand and optimizer.iterations bumped: plain SGD's
        # numbers, but the optimizer's state (here its momentum) never moves
        return Report(name, f"the weights moved and optimizer.iterations grew, but the optimizer's own state did not "
                            f"(its momentum slots are as they were before the first update): the update bypassed the "
                            f"optimizer (the weights changed by hand?). The rule is one update by the caller's optimizer "
                            f"(its apply_gradients), whatever optimizer it is (here SGD with momentum {momentum:g})",
                      details)
    if weights_diff <= atol:
        # round 14 (q4_wrong_r14_inference_mode_forward): model(x) with no training flag; this MLP hides it
        clipped = sorted({f for f, _ in (notebook or {}).get(_CLIP_CALLS, ())})
        narrow = _narrow_accumulators(watch, model)  # round 28: float32 sums of a float64 model come within atol
        problem = ((f"make_accumulating_step keeps the gradients in {narrow} variables, fewer bits than this "
                    f"{dtype} model's weights, so every sum is rounded (the weights {weights_diff:.3g} from large-batch "
                    f"training's after {updates} updates): the rule is each update exactly the large batch's; keep them "
                    f"in each variable's own dtype (e.g. tf.zeros_like(v))" if narrow else None)
                   or training_problem("micro_step", watch.training)
                   or (f"micro_step called tf.{', tf.'.join(clipped)}: the rule is the summed gradients applied as "
                       f"they are (no clipping, at any norm or value, however rarely it acts)" if clipped else None)
                   or _module_state_problem(module_state, make_accumulating_step)
                   or _communication_problem(watch, reduced, model, accum_steps)
                   or _loss_problem(results, x, y, initial, ref_after, seed, sizes.micro_batch_size, accum_steps,
                                    strategy.num_replicas_in_sync))
        if problem is None and restart:
            problem = _restart_problem(make_accumulating_step, strategy, model, optimizer, global_batch_size,
                                       accum_steps, x, y, updates, ref_after[updates], atol)
        return Report(name, problem, details)
    narrow = _narrow_accumulators(watch, model)
    if narrow:  # planted (issue 38, round 10: q4_wrong_r10_f16_accumulators): the old message blamed a missing reset
        return Report(name, f"the weights differ from large-batch training by {weights_diff:.3g} after {updates} "
                            f"updates: make_accumulating_step keeps the gradients in {narrow} variables, fewer bits "
                            f"than the model's weights, so every sum is rounded; keep them in each variable's own "
                            f"dtype (e.g. tf.zeros_like(v))", details)
    if first_diff <= atol:  # two mistakes give ~accum_steps x overall; the first update tells them apart
        return Report(name, f"the first update equals the large batch's, the later ones do not (weights "
                            f"{weights_diff:.3g} apart after {updates}): the gradients kept for an update are "
                            f"still in the sum at the next one -- what is kept is never emptied after it is "
                            f"applied", details)
    rescaled = _rescaled_problem(after, ref_after, initial, first_scale, learning_rate, global_batch_size) if after else None
    if rescaled:
        return Report(name, rescaled, details)
    if abs(first_scale - 1) > 0.02:
        return Report(name, f"the first update is {first_scale:.2f} x the large batch's: as if each micro-batch's "
                            f"loss were divided by {global_batch_size / first_scale:.3g} examples (a micro-batch "
                            f"has {sizes.micro_batch_size}, one replica's share of it "
                            f"{sizes.per_replica_batch_size}) instead of the {global_batch_size} of the whole "
                            f"update", details)
    return Report(name, f"the weights differ from large-batch training by {weights_diff:.3g} (the first update "
                        f"is the right size, {first_scale:.2f} x, but points elsewhere)", details)


def _mlp(seed: int, strategy, dtype: str = "float32"):
    """``models.mlp(seed=seed, strategy=strategy)``, its layers in ``dtype`` (issue 38, round 28: a float64 model, so
    that float32 accumulators show)."""
    from ... import models
    from ..._tf import keras

    if dtype == "float32":
        return models.mlp(seed=seed, strategy=strategy)
    with strategy.scope():
        return keras.Sequential([keras.Input((64,), dtype=dtype), keras.layers.Flatten(dtype=dtype),
                                 _dense(64, seed, dtype, "relu", "hidden_0"), _dense(10, seed + 1, dtype, name="logits")],
                                name="mlp")


def _dense(units, seed: int, dtype: str, activation=None, name=None, **kwargs):
    """A Dense layer in ``dtype`` initialised as ``gpukit.models``' (Glorot-uniform kernel of ``seed``, zero bias): the
    layers of the float64 models (``_mlp``, ``_hidden_model``)."""
    from ..._tf import keras

    return keras.layers.Dense(units, activation=activation, name=name, dtype=dtype, bias_initializer="zeros",
                              kernel_initializer=keras.initializers.GlorotUniform(seed=seed), **kwargs)


def _rescaled_problem(after, ref_after, initial, first_scale, learning_rate, global_batch_size) -> str | None:
    """Planted (issue 38, round 11: q4_wrong_r11_clip_norm): the summed gradient clipped by global norm 1.0 before
    ``apply_gradients`` (run in replica context, so each replica's own sum is clipped). Its first update was told
    "as if each micro-batch's loss were divided by 34.3 examples": a wrong divisor only SCALES the update (it points
    exactly the large batch's way, by a factor whose divisor ``global_batch_size / first_scale`` is a count of
    examples: the micro-batch, one replica's share). Anything else, another direction or a factor that is no count,
    is a gradient changed between the sum and the update (clipped, rescaled): named by the rule, not the divisor."""
    moved = [a - b for a, b in zip(after[0], initial)]
    ref_moved = [a - b for a, b in zip(ref_after[0], initial)]
    if not (0 < first_scale and abs(first_scale - 1) > 0.02):
        return None
    implied = global_batch_size / first_scale
    ref_norm = math.sqrt(sum(float(np.sum(np.square(r))) for r in ref_moved))
    off = math.sqrt(sum(float(np.sum(np.square(m - first_scale * r))) for m, r in zip(moved, ref_moved)))
    off = off / (first_scale * ref_norm) if ref_norm else float("inf")
    whole = abs(implied - round(implied)) <= max(0.05, 0.002 * implied)  # a count, to rounding (34.3 is none)
    if whole and off <= 0.01:
        return None  # a pure rescaling by a count of examples: the divisor message says which
    norm = math.sqrt(sum(float(np.sum(np.square(m))) for m in moved)) / learning_rate
    how = (f"points exactly the large batch's way, and {global_batch_size} / {first_scale:.2f} = {implied:.3g} is no "
           f"count of examples (not a wrong divisor)" if off <= 0.01 else
           f"points {off:.1%} away from the large batch's direction (a wrong divisor would only scale it)")
    return (f"the first update is {first_scale:.2f} x the large batch's and {how}: the gradient applied (global norm "
            f"{norm:.3g}, the large batch's {ref_norm / learning_rate:.3g}) is not the sum of the micro-batches' "
            f"gradients; it was changed before the update (clipped to a norm, per replica or as a whole?). The rule: "
            f"each update is exactly the large batch's, the summed gradients applied as they are (no clipping or "
            f"rescaling)")


class _Communication:
    """While entered: counts the elements the strategy all-reduces (its ``reduce_to`` /
    ``batch_reduce_to``, patched on this strategy only) and records every variable created (shape,
    and whether a strategy's scope was open)."""

    def __init__(self, strategy, model=None, optimizer=None):
        self.strategy, self.elements, self.created, self.created_dtypes = strategy, 0, [], []
        self.model, self.optimizer = model, optimizer
        self.gathered, self.rates, self.outside = 0, [], 0  # round 4: local results read, rates set, forwards outside
        self.training = []  # round 14: the training flag of every forward of the model (as traced)
        # round 9: the elements of distributed values only (a plain tensor crosses no replica), and of those the
        # replicas' own values (PerReplica: computed in replica context, e.g. apply_gradients' all-reduce)
        self.distributed, self.per_replica = 0, 0

    @staticmethod
    def _size(value):
        values = getattr(value, "values", None)
        one = values[0] if values else value
        shape = getattr(one, "shape", None)
        try:
            return int(shape.num_elements() or 0) if shape is not None else 0
        except (AttributeError, TypeError, ValueError):
            return 0

    def __enter__(self):
        from ..._tf import tf

        ext = self.strategy.extended
        reduce_to, batch_reduce_to = ext.reduce_to, ext.batch_reduce_to

        def count(values):
            for v in values:
                self.elements += self._size(v)
                if isinstance(v, tf.distribute.DistributedValues):
                    self.distributed += self._size(v)
                    self.per_replica += self._size(v) if not isinstance(v, tf.Variable) else 0

        def counted_reduce_to(reduce_op, value, destinations, options=None):
            count([value])
            return reduce_to(reduce_op, value, destinations, options)

        def counted_batch_reduce_to(reduce_op, value_destination_pairs, options=None):
            count([v for v, _ in value_destination_pairs])
            return batch_reduce_to(reduce_op, value_destination_pairs, options)

        def creator(next_creator, **kwargs):
            variable = next_creator(**kwargs)
            self.created.append((tuple(variable.shape), tf.distribute.has_strategy()))
            self.created_dtypes.append((tuple(variable.shape), tf.as_dtype(variable.dtype)))
            return variable

        ext.reduce_to, ext.batch_reduce_to = counted_reduce_to, counted_batch_reduce_to
        # round 4: the replicas' values read one by one (experimental_local_results: a gather on the host that no
        # all-reduce counts); the learning rate's assignments; the model's forwards outside this strategy's replicas
        local_results = self.strategy.experimental_local_results

        def counted_local_results(value):
            self.gathered += self._size(value)
            return local_results(value)

        self.strategy.experimental_local_results = counted_local_results
        self._patched = []
        if self.optimizer is not None:
            rate = getattr(self.optimizer, "_learning_rate", None)
            if rate is not None and hasattr(rate, "assign"):
                assign = rate.assign

                def counted_assign(value, *args, **kwargs):
                    try:
                        self.rates.append(float(np.asarray(value)))
                    except (TypeError, ValueError):
                        pass
                    return assign(value, *args, **kwargs)

                object.__setattr__(rate, "assign", counted_assign)
                self._patched.append(rate)
        if self.model is not None:
            call, strategy = type(self.model).call, self.strategy

            def watched_call(model, *args, **kwargs):
                context = tf.distribute.get_replica_context()
                if context is None or context.strategy is not strategy:
                    self.outside += 1
                self.training.append(kwargs.get("training", args[1] if len(args) > 1 else None))
                return call(model, *args, **kwargs)

            object.__setattr__(self.model, "call", watched_call.__get__(self.model))
            self._patched.append(self.model)
        self._scope = tf.variable_creator_scope(creator)
        self._scope.__enter__()
        return self

    def __exit__(self, *exc):
        ext = self.strategy.extended
        del ext.reduce_to, ext.batch_reduce_to  # the class's methods again
        del self.strategy.experimental_local_results
        for patched in self._patched:
            object.__delattr__(patched, "assign" if patched is not self.model else "call")
        self._scope.__exit__(*exc)
        return False

    def take(self) -> tuple:
        taken = self.elements, self.gathered, self.distributed, self.per_replica
        self.elements, self.gathered, self.distributed, self.per_replica = 0, 0, 0, 0
        return taken


def _narrow_accumulators(watch, model) -> str | None:
    """The dtype of accumulators (variables made by the learner's code, shaped like a trainable variable) with fewer
    bits than that variable, else None (issue 38, round 10: float16 accumulators to save memory)."""
    from ..._tf import tf

    wanted = {}
    for v in model.trainable_variables:
        wanted.setdefault(tuple(v.shape), []).append(v.dtype)
    for shape, made in watch.created_dtypes:
        if made.is_floating and any(made.size < tf.as_dtype(d).size for d in wanted.get(shape, [])):
            return made.name
    return None


def _communication_problem(watch, reduced, model, accum_steps) -> str | None:
    """Planted (issue 38, round 3; tests/attacks/ex04/q4_wrong_r3_*): accumulators made outside
    ``strategy.scope()`` (one copy every replica writes into), plain mirrored accumulators (every
    ``assign_add`` all-reduces) and gradients all-reduced on every micro-batch. The rule: one all-reduce of
    the gradients per update, none on the other micro-steps."""
    shapes = {tuple(v.shape) for v in model.trainable_variables}
    if any(shape in shapes and not scoped for shape, scoped in watch.created):
        return ("make_accumulating_step made its gradient accumulators outside strategy.scope(): one copy on one "
                "device that every replica writes into; make them in strategy.scope(), ON_READ with SUM, so each "
                "replica keeps its own sum")
    params = sum(int(np.prod(v.shape)) for v in model.trainable_variables)
    for i, ((elements, gathered, distributed, per_replica), stepped) in enumerate(reduced):
        if not stepped and gathered >= params // 2:  # planted (round 4): the replicas' gradients summed on the host
            return (f"micro-step {i + 1} read {gathered} numbers of the replicas' values one by one "
                    f"(strategy.experimental_local_results) without an update (the gradients are {params}): the "
                    f"gradients cross the replicas once per update of {accum_steps} micro-batches, none between; keep "
                    f"each replica's sum on that replica (ON_READ accumulators with SUM)")
        if not stepped and elements >= params // 2:
            return (f"micro-step {i + 1} all-reduced {elements} numbers across the replicas without an update "
                    f"(the gradients are {params}): the "
                    f"rule is one all-reduce of the gradients per update of {accum_steps} micro-batches, none "
                    f"between; plain mirrored accumulators (or reducing each micro-batch's gradients) synchronise on "
                    f"every micro-batch, ON_READ accumulators with SUM do not")
        # planted (round 9, q4_wrong_r9_{double_reduce,explicit_allreduce_then_apply}): the sums read in cross-replica
        # context (or all-reduced by hand) and then all-reduced again by apply_gradients: twice the gradients' numbers
        # at the update (a right update all-reduces them once: ~params; the counter sees a tf.function as it is traced).
        # Twice means the replicas' own gradients (PerReplica: apply_gradients' all-reduce in replica context, or an
        # all_reduce) reduced on top of another reduce of the same size. Not counted: plain tensors (apply_gradients in
        # cross-replica context of a cross-replica read, q4_right_r3_cross_replica_apply, which reads the ON_READ sums
        # once more in its reset, tf.zeros_like(s): the accumulators, not the gradients the update uses)
        if stepped and distributed >= 1.5 * params and per_replica >= params // 2:
            return (f"micro-step {i + 1} (an update) all-reduced {distributed} numbers across the replicas, the gradients "
                    f"are {params}: they crossed the replicas twice (summed across replicas by a cross-replica read "
                    f"or an all_reduce, then again by apply_gradients); the rule is one all-reduce of the gradients "
                    f"per update: hand apply_gradients, in replica context, each replica's own sum")
    return None


def _module_state_problem(before: dict, make_accumulating_step) -> str | None:
    """Issue 38, round 15 (planted: q4_wrong_r15_module_call_log, every micro_step's loss appended to a module-level
    list): what ``kept_state`` (the module-level dicts, lists and sets the code names, mutable default arguments) shows
    changed by making a micro_step and running it, else None. A micro_step keeps its state in itself."""
    after = kept_state(make_accumulating_step, defaults=True)
    changed = [k for k in after if before.get(k) != after[k]] + [k for k in before if k not in after]
    if not changed:
        return None
    return (f"making a micro_step and running it changed {', '.join(changed[:3])} (a list of losses, accumulators or a "
            f"counter kept on the module): the rule is each micro_step keeps its state in itself (its closure, its "
            f"variables), nothing on the module or in a default argument")


def _restart_problem(make_accumulating_step, strategy, model, optimizer, global_batch_size, accum_steps, x, y,
                     updates, want, atol) -> str | None:
    """Planted (issue 38, round 9: tests/attacks/ex04/q4_wrong_r9_{accumulators_cached_on_model, counter_on_optimizer,
    state_on_model_and_optimizer}): the accumulators or the micro-step counter kept on the model or the optimizer and
    reused by a later ``make_accumulating_step``. The main run ends with one micro-batch accumulated, never applied
    (an epoch's leftover); a NEW micro_step for the same model and optimizer then runs the next global batch: its
    first update comes after ``accum_steps`` calls (not before) and equals the large batch's next update ``want``
    (no leftover gradient in it)."""
    import numpy as np

    from ... import checks, data
    from ...accumulation import accum_sizes

    micro = accum_sizes(strategy.num_replicas_in_sync, global_batch_size, accum_steps).micro_batch_size
    weights_given, optimizer_given = model.get_weights(), _optimizer_state(optimizer)
    fresh = try_answer(make_accumulating_step, strategy, model, optimizer, global_batch_size, accum_steps)
    if fresh is None:
        return "a second make_accumulating_step for the same model and optimizer returned None"
    rebuilt = _optimizer_rebuilt_problem(optimizer_given, optimizer, "a second ")  # round 18: its momentum is not 0 here
    if rebuilt:
        return rebuilt
    part = slice(updates * global_batch_size, (updates + 1) * global_batch_size)
    dist, _ = data.distribute(strategy, x[part], y[part], global_batch_size=micro)
    stepped = []
    for batch in dist:
        before = int(optimizer.iterations.numpy())
        with session_kept("micro_step"):
            fresh(batch)
        stepped.append(int(optimizer.iterations.numpy()) - before)
    start = (f"an earlier micro_step left an accumulation unfinished ({updates * accum_steps + 1} calls for "
             f"{accum_steps} micro-batches an update), then a NEW micro_step was made for the same model and optimizer")
    rule = ("each make_accumulating_step starts from zero: nothing of an earlier step (accumulators, a micro-step "
            "counter kept on the model, the optimizer or the module) carries into a new one")
    if stepped != [0] * (accum_steps - 1) + [1]:
        at = [i + 1 for i, n in enumerate(stepped) if n]
        return f"{start}: it updated at its call(s) {at}, not after its {accum_steps}th call: {rule}"
    guard = _nonfinite_problem("its first update", model.get_weights(), want, "the weights after it")
    if guard:
        return f"{start}: {guard}"
    diff = _finite_difference(model.get_weights(), want)
    if not diff <= atol:
        return (f"{start}: its first update is {diff:.3g} from the large batch's update on those {accum_steps} "
                f"micro-batches (gradients left from the earlier step in its sum?): {rule}")
    # round 13 (q4_wrong_r13_module_counter): the micro-step counter on the module, reset by each new
    # make_accumulating_step: alone, each step updates on time; two live steps share it. A second step for the same
    # model and optimizer, their calls interleaved: each must update after every accum_steps of ITS OWN calls
    # round 18 (q4_wrong_r18_reset_times_zero: the kept gradients "reset" by a * 0, NaN x 0 being NaN): the update
    # above had a NaN gradient; the weights and the optimizer's state put back (finite), the next updates run on
    # finite data (the first global batch) and must be finite: a NaN spoils its own update only
    model.set_weights(weights_given)
    for variable, value in optimizer_given[1]:
        if np.issubdtype(value.dtype, np.floating):
            variable.assign(value)
    other = try_answer(make_accumulating_step, strategy, model, optimizer, global_batch_size, accum_steps)
    if other is None:
        return "a third make_accumulating_step for the same model and optimizer returned None"
    batches = list(data.distribute(strategy, x[:global_batch_size], y[:global_batch_size], global_batch_size=micro)[0])
    stepped = {"first": [], "second": []}
    for batch in batches:
        for who, step in (("first", fresh), ("second", other)):
            before = int(optimizer.iterations.numpy())
            with session_kept("micro_step"):
                step(batch)
            stepped[who].append(int(optimizer.iterations.numpy()) - before)
    if any(got != [0] * (accum_steps - 1) + [1] for got in stepped.values()):
        at = {who: [i + 1 for i, n in enumerate(got) if n] for who, got in stepped.items()}
        return (f"each micro_step counts its own calls, nothing kept on the module: two live micro_steps (a second "
                f"make_accumulating_step made while the first was in use, their calls interleaved) updated at their own "
                f"call(s) {at['first']} and {at['second']}, where each alone updates after {accum_steps} of its calls (a "
                f"counter or accumulators shared between steps, reset by the newest, mixes them)")
    if not all(np.isfinite(w).all() for w in model.get_weights()):
        return (f"{start}; its update on a micro-batch with a NaN example was NaN (right), but its next update, from "
                f"finite weights and optimizer state on finite data, made the weights non-finite again: the kept "
                f"gradients were not set back to zero after the update (a * 0 or a - a keeps a NaN: NaN x 0 is NaN). "
                f"The rule: after each update the kept gradients start again from zero (assign zeros), so a "
                f"non-finite gradient spoils its own update only")
    return None


def _optimizer_state(optimizer) -> tuple:
    """The optimizer's variables as objects and values, and its momentum slots' objects (issue 38, round 18)."""
    variables = list(getattr(optimizer, "variables", []))
    return ([id(v) for v in variables], [(v, np.array(v)) for v in variables],
            [id(v) for v in getattr(optimizer, "momentums", None) or []])


def _optimizer_rebuilt_problem(given: tuple, optimizer, which: str = "") -> str | None:
    """Planted (issue 38, round 18: q4_wrong_r18_rebuild_optimizer, ``optimizer.built = False; optimizer.build(...)``
    in make_accumulating_step): making a micro_step changed the caller's optimizer (variables made or replaced, a
    value changed: its momentum started again from zero) before any update."""
    ids, values, momentums = given
    now = _optimizer_state(optimizer)
    if now[0] == ids and now[2] == momentums and all(np.array_equal(a, np.array(v), equal_nan=True)
                                                     for v, a in values):
        return None
    return (f"{which}make_accumulating_step changed the caller's optimizer before any update (its variables, the "
            f"momentum slots, were re-created or reset: rebuilt?): the optimizer and its state are the caller's, "
            f"already built (training.build_optimizer); the rule is to use it as it is, its state moved only by its "
            f"own apply_gradients at each update")


def _finite_difference(got, reference) -> float:
    """``checks.max_difference`` with NaN equal to NaN (and an inf to the same inf): the largest difference of the
    entries finite in both; inf when the non-finite entries differ."""
    worst = 0.0
    for a, b in zip(got, reference):
        a, b = np.asarray(a, dtype=np.float64), np.asarray(b, dtype=np.float64)
        if a.shape != b.shape:
            return float("inf")
        finite = np.isfinite(a) & np.isfinite(b)
        if not (np.array_equal(np.isnan(a), np.isnan(b)) and np.array_equal(a[np.isinf(a)], b[np.isinf(a)])
                and np.array_equal(np.isinf(a), np.isinf(b))):
            return float("inf")
        if finite.any():
            worst = max(worst, float(np.max(np.abs(a[finite] - b[finite]))))
    return worst


def _nonfinite_problem(what: str, got, reference, shown: str) -> str | None:
    """Issue 38, round 16 (q3/q4_wrong_r16_nonfinite_grad_guard: non-finite micro-batch gradients set to zero): a
    NaN in one example makes the gradient of the mean NaN; the answer's ``got`` must be non-finite where the
    ``reference`` is, else the sentence naming the rule."""
    for a, b in zip(got, reference):
        a, b = np.asarray(a, dtype=np.float64), np.asarray(b, dtype=np.float64)
        if a.shape == b.shape and np.any(~np.isfinite(b) & np.isfinite(a)):
            return (f"with a NaN in one example's inputs, {what} holds finite numbers where the large batch's is NaN "
                    f"({shown}): non-finite gradients were changed (zeroed or skipped). The rule is the gradient of "
                    f"the mean applied as it is, no guard: a NaN shows where the learner sees it")
    return None


def _loss_problem(results, x, y, initial, ref_after, seed, micro, accum_steps, replicas) -> str | None:
    """What ``micro_step`` returns: the micro-batch's mean per-example loss, with the weights it was computed
    with (those before its update). Planted (issue 38, round 3): 0, the sum, the share of the update's loss
    (1/accum_steps of it), a per-replica value."""
    from ... import models, training
    from ..._tf import tf

    loss_fn = training.per_example_loss()
    model = models.mlp(seed=seed)
    for i, got in enumerate(results):
        weights = initial if i < accum_steps else ref_after[i // accum_steps - 1]
        model.set_weights(weights)
        part = slice(i * micro, (i + 1) * micro)
        want = float(tf.reduce_mean(loss_fn(y[part], model(x[part], training=True))))
        try:
            value = float(np.asarray(got, dtype=np.float64))
        except (TypeError, ValueError):
            return (f"micro_step returned {type(got).__name__}, not one number: return the micro-batch's mean loss "
                    f"(strategy.reduce the replicas' values)")
        if abs(value - want) <= 1e-4 * max(1.0, abs(want)):
            continue
        if abs(value * accum_steps - want) <= 1e-4 * max(1.0, abs(want)):
            why = (f"1/{accum_steps} of it (its share of the update's loss, divided by global_batch_size): return the "
                   f"micro-batch's mean loss")
        elif abs(value * replicas - want) <= 1e-4 * max(1.0, abs(want)):
            why = (f"1/{replicas} of it (the replicas' values averaged, each already its share of the micro-batch: "
                   f"add them)")
        elif abs(value - want * micro) <= 1e-4 * max(1.0, abs(want * micro)):
            why = "that is the sum over its examples, not the mean"
        else:
            why = "micro_step returns that micro-batch's mean per-example loss"
        return (f"micro_step returned {value:.6g} for micro-batch {i + 1}, but its mean loss is {want:.6f}: {why}")
    return None


# --------------------------------------------------------------------------- q2: predict one epoch

# The prediction's numbers (the notebook's parameters) so a changed parameters cell cannot move
# the target; the hidden test grades against these.
PREDICTION = {"examples": 300, "global_batch_size": 64, "num_replicas": 4, "max_per_replica_batch_size": 6}


def epoch_counts(examples: int, global_batch_size: int, num_replicas: int, max_per_replica_batch_size: int):
    """(micro-steps, optimizer updates) of one epoch of ``examples`` when each update averages
    ``global_batch_size`` examples in the fewest micro-batches that fit the memory limit and the
    pipeline drops a last partial micro-batch."""
    from ...accumulation import smallest_accum_steps

    k = smallest_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size)
    micro_steps = examples // (global_batch_size // k)
    return micro_steps, micro_steps // k


# q2's "before running anything" observed (issue 38, round 13: tests/attacks/ex04/q2_wrong_r13_ran_pipeline counted the
# micro-batches by iterating ``data.distribute``'s dataset in the answer cell), as 05 q1 watches its simulator: from the
# setup cell on (it imports this module) ``gpukit.data.distribute`` notes each call made from a cell that assigns
# ``predicted_epoch`` (the training cell at the end assigns other names).
_Q2_CALLS = "__gpukit_ex04_pipeline_calls__"


_Q2_WHAT = {"distribute": "gpukit.data.distribute (the data pipeline)",
            "array_split": "np.array_split (the data split into micro-batches)"}


def _watch_q2() -> None:
    from ... import data
    from ..._tf import tf

    watch_calls(data, ["distribute"], _Q2_CALLS, cell_assigns="predicted_epoch")
    # round 14 (q2_wrong_r14_{cardinality,numpy_split_count}): a tf.data pipeline built in the cell (its cardinality
    # read), the data split with np.array_split and the pieces counted
    watch_calls(np, ["array_split"], _Q2_CALLS, cell_assigns="predicted_epoch")
    watch_calls(tf.data.Dataset, ["from_tensor_slices", "from_tensors", "range", "from_generator"], _Q2_CALLS,
                cell_assigns="predicted_epoch", static=True)


_watch_q2()


def check_epoch_prediction(value, **params) -> Report:
    """The learner's ``predicted_epoch = (micro_steps, updates)`` for one epoch (see
    ``epoch_counts``), graded exactly; the classic slips (rounding up, counting the leftover
    micro-batches as an update, one update per micro-batch) are named."""
    name = "predicted_epoch"
    p = {**PREDICTION, **params}
    micro_steps, updates = epoch_counts(**p)
    from ...accumulation import smallest_accum_steps

    k = smallest_accum_steps(p["global_batch_size"], p["num_replicas"], p["max_per_replica_batch_size"])
    micro = p["global_batch_size"] // k
    details = {"expected": (micro_steps, updates), "got": value, "accum_steps": k, "micro_batch_size": micro}
    if value is None or value is Ellipsis:
        return Report(name, "not solved yet: predicted_epoch is ...; replace the ... with your two numbers", details)
    try:
        got_micro, got_updates = value
    except (TypeError, ValueError):
        return Report(name, f"{name} must be two numbers (micro_steps, updates), got {value!r}", details)
    if any(isinstance(v, bool) or not isinstance(v, numbers.Real) for v in (got_micro, got_updates)):
        return Report(name, f"{name} must be two numbers (micro_steps, updates), got {value!r}", details)
    # issue 38, round 5 (the lead's ruling for every count, as 02 q3, 03 q1, 05 q1, 08 q1): an int, a numpy integer
    # and a whole float count alike; planted: (18.75, 4.5), a Fraction (neither an int nor a float)
    if not all(isinstance(v, (numbers.Integral, float, np.floating)) and float(v).is_integer()
               for v in (got_micro, got_updates)):
        return Report(name, f"{name} must be two whole counts (micro_steps, updates: ints, numpy ints or whole floats), "
                            f"got {value!r} (use // for whole-number division)", details)
    # round 26 (q2_wrong_r26_int_subclass: an int subclass whose == always answers True): the counts compared as the
    # plain numbers they hold (int() of an int subclass is a plain int), not by their own ==
    got_micro, got_updates = (int(v) if isinstance(v, numbers.Integral) else float(v) for v in (got_micro, got_updates))
    called = sorted({f for f, _ in watched_calls(_Q2_CALLS)})
    if called:  # planted (round 13): the micro-batches counted by running the data pipeline in the answer cell
        what = _Q2_WHAT.get(called[0], f"tf.data.Dataset.{called[0]} (a data pipeline built)")
        return Report(name, f"the cell that sets {name} runs {what}: the rule is a prediction worked out before "
                            f"running anything, no dataset built, no data split (arithmetic in the cell is fine). If that "
                            f"was only a try, restart the kernel and run all", details)
    problems = []
    n = p["examples"]
    if got_micro != micro_steps:
        if got_micro == math.ceil(n / micro) or got_micro == round(n / micro):
            problems.append(f"{got_micro:g} micro-steps counts a last partial micro-batch the pipeline drops")
        elif got_micro == n // (micro // p["num_replicas"]):
            problems.append(f"{got_micro:g} micro-steps counts one replica's share, but a micro-step takes a "
                            f"micro-batch over all {p['num_replicas']} replicas")
        else:
            problems.append(f"{got_micro:g} is not the number of micro-steps of one epoch of {n} examples")
    if got_updates != updates:
        if got_updates == got_micro or got_updates == micro_steps:
            problems.append(f"{got_updates:g} updates is one per micro-step, but the optimizer steps once per "
                            f"accumulated batch")
        elif got_updates == math.ceil(micro_steps / k) or got_updates == math.ceil(n / p["global_batch_size"]):
            problems.append(f"{got_updates:g} updates counts the micro-batches left at the end of the epoch, "
                            f"which are accumulated but never applied")
        else:
            problems.append(f"{got_updates:g} is not the number of optimizer updates of one epoch of {n} examples")
    if problems:
        return Report(name, "; ".join(problems), details)
    return Report(name, None, details)


# --------------------------------------------------------------------------- q3: debug the accumulation loop


_MAX_PASSES = 128


class _Passes(Recorder):
    """Question 3's watched model (issue 38, round 10): ``Recorder`` (trace-time events for the order of forwards
    and backwards, ``training`` flags) plus what it cannot see. (1) The examples of every pass as they RUN: a
    ``Recorder`` call is Python, made once when a tf.function is traced, so a micro-step in a tf.function run on
    two micro-batches looked like one pass of 12 of 24 examples (q3_right_r10_tf_function lost its points); here a
    variable log written by the pass itself (``run_sizes``: eager, traced or XLA-compiled alike). (2) The dtype of
    each micro-batch handed in (``dtypes``). (3) With ``tapes``, the persistent tapes that recorded an earlier
    micro-batch and still hold it when the next forward starts (``held``: (earlier pass, this pass))."""

    def __init__(self, target, tapes: TapesWatched):
        from ..._tf import tf

        super().__init__(target, backward=True)
        object.__setattr__(self, "_tapes", tapes)
        object.__setattr__(self, "_recorded", [])  # per pass: the tapes recording at its forward (eager only)
        object.__setattr__(self, "held", [])
        object.__setattr__(self, "held_outputs", [])  # round 11: (earlier pass, the pass whose backward ran)
        object.__setattr__(self, "dtypes", [])
        object.__setattr__(self, "_log", tf.Variable(tf.zeros(_MAX_PASSES, tf.int64), trainable=False))
        object.__setattr__(self, "_count", tf.Variable(tf.constant(0, tf.int64), trainable=False))
        object.__setattr__(self, "grads", [])  # round 17: (pass, weak references to the gradients its backward returned)
        object.__setattr__(self, "held_grads", [])  # round 17: (earlier pass, the pass whose forward began)
        object.__setattr__(self, "graphs", [])  # round 26: per pass, a weak reference to the graph it was traced in

    def _record(self, x, args=(), kwargs=None):
        from ..._tf import tf

        super()._record(x, args, kwargs)
        call = len(self.sizes) - 1
        self.dtypes.append(getattr(x, "dtype", None))
        # round 26 (q3_wrong_r26_tf_function_unrolled): the graph a traced pass belongs to (None: run eagerly)
        self.graphs.append(None if tf.executing_eagerly() else weakref.ref(tf.compat.v1.get_default_graph()))
        if tf.executing_eagerly() and not self.held_grads:  # round 17: gradients of two passes back still alive
            old = [p for p, refs in self.grads if p <= call - 2 and any(r() is not None for r in refs)]
            if old:
                gc.collect()  # only then: a tensor in a reference cycle is kept by no one
                old = [p for p, refs in self.grads if p <= call - 2 and any(r() is not None for r in refs)]
            if old:
                self.held_grads.append((old[0], call))
        if tf.executing_eagerly():
            for earlier, refs in enumerate(self._recorded):
                if not self.held and self._tapes.holding(refs):  # the first is enough (a gc.collect each)
                    self.held.append((earlier, call))
            self._recorded.append(self._tapes.recording())
        size = tf.shape(x, out_type=tf.int64)[0]
        self._log.scatter_nd_update([[tf.minimum(self._count, _MAX_PASSES - 1)]], [size])
        self._count.assign_add(1)

    def _backward_seen(self, call):
        """Planted (issue 38, round 11: q3_wrong_r11_keep_{logits,tapes}): every micro-batch's output (the logits,
        with its tape, slice and loss) kept in a list after its backward "to inspect later": the numbers and the order
        of passes are right, but nothing of a micro-batch may be kept once its backward is done. Seen: as pass
        ``call``'s backward runs (eagerly), the output the model handed back for an earlier pass is still alive (a
        right loop has rebound its names to this micro-batch by then; its tape let the earlier one go)."""
        from ..._tf import tf

        if not self.held_outputs and tf.executing_eagerly():
            earlier = self.alive([c for c, _ in self.outputs if c < call])
            if earlier:
                self.held_outputs.append((earlier[0], call))

    def run_sizes(self) -> list:
        """The number of examples of every pass that ran, in order (reset: ``restart``)."""
        return [int(v) for v in self._log.numpy()[:min(int(self._count.numpy()), _MAX_PASSES)]]

    def restart(self) -> None:
        self._count.assign(0)


class _GradientsWatched:
    """While entered: ``tf.GradientTape.gradient`` (its class's, put back on exit) notes, for ``passes`` (a
    ``_Passes``), weak references to the eager gradients each backward returns, with the pass they are of. Issue 38,
    round 17 (q3_wrong_r17_keep_all_grads_add_n: every micro-batch's gradients kept in a list and added with
    tf.add_n at the end): ``_Passes`` asks, as each forward begins, whether the gradients of a pass two or more back
    are still alive (a right loop has added them and rebound its names by then). Weak references only: microseconds."""

    def __init__(self, passes):
        self.passes = passes

    def __enter__(self):
        import functools
        import weakref

        from ..._tf import tf

        cls = tf.GradientTape
        gradient, passes = cls.__dict__["gradient"], self.passes

        @functools.wraps(gradient)
        def watched_gradient(tape, *args, **kwargs):
            out = gradient(tape, *args, **kwargs)
            if tf.executing_eagerly():
                refs = [weakref.ref(t) for t in tf.nest.flatten(out) if isinstance(t, tf.Tensor)]
                if refs:
                    passes.grads.append((len(passes.sizes) - 1, refs))
            return out

        self._cls, self._gradient = cls, gradient
        cls.gradient = watched_gradient
        return self

    def __exit__(self, *exc):
        self._cls.gradient = self._gradient
        return False


def _held_grads_problem(name: str, held) -> str | None:
    """Round 17: the gradients of micro-batch ``earlier`` still alive when micro-batch ``call``'s forward began, two
    or more passes later (``_GradientsWatched``)."""
    if not held:
        return None
    earlier, call = held[0]
    return (f"when micro-batch {call + 1}'s forward pass began, the gradients micro-batch {earlier + 1}'s backward "
            f"returned were still held (every micro-batch's gradients kept in a list, added at the end?): the contract "
            f"is nothing of a micro-batch kept once its backward is done, its gradients too: add them into one running "
            f"sum as each backward returns")


def _layer_passes_problem(name: str, layer_sizes, run_sizes, accum_steps: int, micro: int) -> str | None:
    """Round 12: the model's first layer ran on other batches than the watched model calls handed it (an extra
    forward outside the model call: a whole-batch predict, the layers by hand, a second pass per micro-batch)."""
    if layer_sizes == run_sizes:
        return None
    shown = f"{layer_sizes}" if len(layer_sizes) <= 8 else f"[{', '.join(map(str, layer_sizes[:6]))}, ...]"
    return (f"the model's layers ran {len(layer_sizes)} forward passes of {shown} examples while the model was called on "
            f"{run_sizes}: a forward pass outside the model call (model.predict, predict_on_batch, the layers run by "
            f"hand, e.g. to log a loss). The contract is one forward pass per micro-batch (accum_steps={accum_steps} "
            f"passes of {micro} examples, each before its own backward), only one micro-batch's activations in memory "
            f"at once")


def _later_backward_problem(name: str, events) -> str | None:
    """Planted (issue 38, round 10: q3_wrong_r10_persistent_running_loss): a running total of the micro-batches'
    losses on one persistent tape, its gradient taken after each micro-batch: every backward pass before the last
    micro-batch's forward looks right, but the last one runs back through every earlier micro-batch. The rule: each
    backward pass sees one micro-batch only (a backward of micro-batch i after micro-batch j > i ran forward)."""
    latest = -1
    for event in events:
        if event[0] == "forward":
            latest = max(latest, event[1])
        elif event[0] == "backward" and event[1] < latest:
            return (f"a backward pass ran through micro-batch {event[1] + 1} after micro-batch {latest + 1}'s forward: "
                    f"one backward went through more than one micro-batch (the gradient of a running total of the "
                    f"losses?), so every micro-batch's activations were kept for it. The contract is each backward "
                    f"pass on one micro-batch only: each micro-batch's own loss, its own gradient, then added")
    return None


def _one_graph_problem(name: str, graphs) -> str | None:
    """Planted (issue 38, round 26: q3_wrong_r26_tf_function_unrolled): the whole Python loop in one tf.function, so
    every micro-batch's forward and backward are traced into one graph. The trace's order looks right, but a graph runs
    its ops in the order of their data only: the next micro-batch's forward does not wait for the last one's backward,
    so several micro-batches' activations may be in memory at once. One graph per micro-step (a tf.function called
    once per micro-batch) keeps the order."""
    seen = {}
    for call, ref in enumerate(graphs):
        graph = ref() if ref is not None else None
        if graph is None:
            continue
        earlier = next((c for c, g in seen.items() if g is graph), None)
        if earlier is not None:
            return (f"micro-batches {earlier + 1} and {call + 1} were traced into one tf.function graph (the loop over "
                    f"micro-batches inside a tf.function, unrolled): a graph runs its ops in the order of their data "
                    f"only, so the next micro-batch's forward need not wait for the last one's backward and several "
                    f"micro-batches' activations may be in memory at once. The contract is each backward before the "
                    f"next forward: the loop in Python, a tf.function (if any) per micro-batch")
        seen[call] = graph
    return None


def _held_problem(name: str, held) -> str | None:
    """Planted (issue 38, round 10: q3_wrong_r10_persistent_{tape,outside_with}): one persistent tape over every
    micro-batch (around the loop, or re-entered for each): the gradient of each micro-batch is taken before the next
    forward, the numbers are right, but the tape keeps what it recorded of every micro-batch until it is deleted."""
    if not held:
        return None
    earlier, call = held[0]
    return (f"when micro-batch {call + 1}'s forward pass began, a persistent GradientTape that recorded micro-batch "
            f"{earlier + 1} still held its recording (its activations): one tape kept over several micro-batches keeps "
            f"them all in memory. The contract is only one micro-batch's activations in memory at once: a tape per "
            f"micro-batch, let go after its backward (a non-persistent tape lets go in tape.gradient)")


def _held_output_problem(name: str, held, after) -> str | None:
    """Round 11: a micro-batch's output (its activations) still held at a later micro-batch's backward (``held``:
    (earlier, later) pass), or once the call has returned (``after``: the passes whose outputs outlive it; planted: a
    module-level list "for debugging")."""
    if held:
        earlier, call = held[0]
        return (f"when micro-batch {call + 1}'s backward pass ran, the output the model returned for micro-batch "
                f"{earlier + 1} (its logits) was still held after that micro-batch's backward was done (kept in a list, "
                f"with its tape or loss?): the contract is only one micro-batch's activations in memory at once, "
                f"nothing of a micro-batch kept once its backward is done")
    if after:
        return (f"after {name} returned, the output the model returned for micro-batch(es) "
                f"{', '.join(str(c + 1) for c in after[:4])} was still held (by a module-level or global name?): it "
                f"keeps nothing of a micro-batch once its backward is done, and nothing between calls")
    return None


def _numpy_kept_problem(name: str, kept_bytes: int, model, micro: int) -> str | None:
    """Planted (issue 38, round 13: q3_wrong_r13_{numpy_logits_kept,loss_numpy_list}): every micro-batch's logits or
    per-example losses copied to NumPy and kept in a module-level list: no tensor of a micro-batch outlives it, so the
    weak references see nothing. Seen: the NumPy bytes the call leaves allocated beyond what it returns
    (``numpy_kept``) above 1/32 of one micro-batch's activations (a micro-batch's per-example losses are 1/20 of them
    here; a right answer leaves none)."""
    from ..._tf import tf

    itemsize = tf.as_dtype(model.weights[0].dtype).size
    activations = micro * sum(int(getattr(layer, "units", 0) or 0) for layer in model.layers) * itemsize
    if kept_bytes <= activations / 32:
        return None
    return (f"after {name} returned, {kept_bytes} bytes of NumPy arrays made during the call were still allocated (one "
            f"micro-batch's activations are about {activations}): copies of a micro-batch's logits or losses kept (in a "
            f"module-level list?). The contract: nothing of a micro-batch kept once its backward is done, nothing "
            f"between calls")


def _cross_entropy(y, logits):
    """``loss_fn``'s cross-entropy (from logits, per example) in the logits' own dtype (Keras' ``loss_fn`` returns
    float32 for float64 logits): question 3's second reference for a float64 model (issue 38, round 10)."""
    from ..._tf import tf

    return tf.nn.sparse_softmax_cross_entropy_with_logits(tf.cast(tf.reshape(y, [-1]), tf.int64), logits)


def _narrow_values(gradients, dtypes) -> str | None:
    """The name of a float dtype narrower than the variables' (float16, bfloat16, float32) that holds every value of
    every gradient exactly, else None: the trace of sums kept in fewer bits and cast back."""
    import numpy as np

    from ..._tf import tf

    arrays = [np.asarray(g) for g in gradients]
    for narrow in (tf.float16, tf.bfloat16, tf.float32):
        if all(narrow.size < tf.as_dtype(d).size for d in dtypes) and all(
                np.array_equal(a, tf.cast(tf.cast(a, narrow), a.dtype).numpy()) for a in arrays
                if np.issubdtype(a.dtype, np.floating)) and any(np.issubdtype(a.dtype, np.floating) for a in arrays):
            return narrow.name
    return None


def _unfused_gradients(*args, **kwargs):
    """``training.gradients`` with every tf.function run eagerly: each op its own kernel, as an eager answer runs
    them. Round 19: with oneDNN on (TF_ENABLE_ONEDNN_OPTS=1), a tf.function's MatMul + BiasAdd + Relu is one fused
    kernel whose ReLU maps NaN to 0; op by op, relu(NaN) is NaN. The setting is put back as it was."""
    from ... import training
    from ..._tf import tf

    was = tf.config.functions_run_eagerly()
    tf.config.run_functions_eagerly(True)
    try:
        return training.gradients(*args, **kwargs)
    finally:
        tf.config.run_functions_eagerly(was)


def _hidden_model(seed: int, frozen: bool, dtype: str):
    """Issue 38, round 4: the hidden cases' models. ``dtype="float64"``: a gradient must come back in its
    variable's dtype (planted: float32 accumulators). ``frozen``: two hidden layers, the first frozen
    (planted: gradients of ``model.weights``; every layer made trainable), and an L2 term on the second in
    ``model.losses`` (the contract is the mean of ``loss_fn`` alone; planted: ``model.losses`` added on every
    micro-batch)."""
    from ..._tf import keras

    def dense(units, i, activation=None, name=None, **kwargs):
        return _dense(units, seed + i, dtype, activation, name, **kwargs)

    hidden = [dense(16, 0, "relu", "hidden_0")]
    if frozen:
        hidden.append(dense(16, 1, "relu", "hidden_1", kernel_regularizer=keras.regularizers.L2(0.05)))
    # round 9: the input in the model's dtype (a float32 Input would round a float64 x before the first layer)
    model = keras.Sequential([keras.Input((10,), dtype=dtype), *hidden, dense(4, len(hidden), name="logits")],
                             name="mlp")
    if frozen:
        model.get_layer("hidden_0").trainable = False
    return model


def compare_accumulated_gradients(accumulated_gradients, accum_steps: int = 2, n: int = 24, seed: int = 0,
                                  frozen: bool = False, dtype: str = "float32", x_dtype: str | None = None,
                                  later_accum_steps: int | None = None) -> Report:
    """Check a learner's ``accumulated_gradients(model, x, y, accum_steps) -> list of tensors``
    on ONE device: it must equal the gradient of the mean loss over all ``n`` examples
    (``gpukit.training.gradients``, the large batch) to 1e-6. The planted bug, the mean over
    each micro-batch (gradient ``accum_steps`` x too large), is named; so are a pass over more than one micro-batch
    and one tape over every micro-batch (the next forward before the last backward: planted in
    tests/test_ex04.py). Issue 38, round 3 (tests/attacks/ex04/q3_*_r3_*): exactly ``accum_steps`` passes of
    ``n / accum_steps`` examples (one example per pass, or micro-batches of ``accum_steps`` examples, fail),
    every pass with its backward through the model (a gradient from the layers run by hand on the whole
    batch fails), ``training=True``, the caller's ``x`` and ``y`` unchanged (an in-place shuffle fails), and,
    ``frozen``: a model whose first hidden layer is frozen, so gradients of ``model.weights`` (not the
    trainable variables) fail; since round 4 with an L2 term, and ``dtype`` (``_hidden_model``).
    Round 4 (tests/attacks/ex04/q3_wrong_r4_*): the model left as given (weights to the bit, every layer's
    ``trainable``), each gradient in its variable's dtype, and a second call on the same model and data gives
    the same gradient (planted: accumulators kept between calls). Round 5 (tests/attacks/ex04/q3_wrong_r5_*): the
    second call comes after the weights changed and must give the gradient at the new weights (planted: a
    gradient cached by model, batch and accum_steps), and a float64 model's gradients must not all be float32
    values (planted: float32 sums cast back to float64). Round 24 (tests/attacks/ex04/q3_wrong_r24_sums_in_input_dtype):
    ``x_dtype`` (default the model's): x handed in that dtype, e.g. float64 to a float32 model (its values are float32
    numbers, so the gradient is the same); the gradients stay in the variables' dtype (planted: sums in x's dtype).
    ``later_accum_steps`` (default ``accum_steps``): the one of the second and third calls, whose gradients are checked
    but not their passes (round 24, q3_wrong_r24_chunked_many_micro: four micro-batches a pass from accum_steps 32 on;
    the frozen case's first call has 32 passes of one example, its later calls 2 passes, not 64 more)."""
    import numpy as np

    from ... import checks, data, models, training
    from ..._tf import tf

    name = "accumulated_gradients"
    x, y = data.synthetic(n, shape=(10,), num_classes=4, seed=seed)
    if dtype == "float64":  # round 9 (q3_wrong_r9_inputs_float32): inputs with more bits than float32 holds, so
        x = x.astype("float64") / 3  # a float64 model fed them rounded to float32 gives another gradient (~1e-8)
    if x_dtype is not None:  # round 24 (q3_wrong_r24_sums_in_input_dtype): float64 x to a float32 model, same values
        x = x.astype(x_dtype)
    x[0, 0] = -0.0  # round 15 (q3_wrong_r15_x_dtype_view: x += 0.0 in place turns it to +0.0): compared to the bit
    x_given, y_given = np.array(x, copy=True), np.array(y, copy=True)
    if frozen or dtype != "float32":
        model = _hidden_model(seed, frozen, dtype)
        model(x[:1])  # built: model.losses holds the L2 term
    else:
        model = models.mlp(input_shape=(10,), hidden=(16,), num_classes=4, seed=seed)
    weights_given = [np.array(w) for w in model.weights]
    flags_given = [layer.trainable for layer in model.layers]
    trainable = len(model.trainable_variables)
    dtypes = [v.dtype for v in model.trainable_variables]
    tapes = TapesWatched()
    watched = _Passes(model, tapes)  # the contract: each forward and backward pass sees one micro-batch only
    # round 11: attributes of the function; round 13: its closure, the module globals it names, a callable object's
    # attributes, the model's attributes, the global random generators, the NumPy arrays it leaves allocated
    # round 14: the notebook objects it names (loss_fn); round 15 (q3_wrong_r15_{default_arg_len,call_counter}): its
    # mutable default arguments and what no length shows (a list's items, an itertools.count)
    state = kept_state(accumulated_gradients, objects=True, defaults=True, contents=True)
    # round 17 (q3_wrong_r17_buffers_on_{loss_fn,variable,tape_class}): accumulators kept in loss_fn.__dict__, a
    # variable's or tf.GradientTape's
    names = attribute_names(accumulated_gradients, tuple((f"the model's variable {getattr(v, 'path', v.name)!r}", v)
                                                         for v in model.trainable_variables))
    model_attributes = set(vars(model))
    rng = (np.random.get_state(), random.getstate())
    layer_sizes, undo = watch_first_layer(model, _MAX_PASSES)  # round 12: every forward, through the watched call or not
    try:
        with tapes, _GradientsWatched(watched), numpy_kept() as kept, tf_random_watched() as tf_drawn:
            got = try_answer(accumulated_gradients, watched, x, y, accum_steps)
    finally:
        undo()
    rng_moved = global_rng_problem(name, rng, tf_drawn=tf_drawn)  # round 14: TensorFlow's too (tf.random.shuffle)
    edited = (kept_state_problem(name, state, accumulated_gradients, only_objects=True, defaults=True, contents=True)
              or attributes_added_problem(name, names))  # round 17: put back, then named
    kept_bytes = kept.bytes(got)
    outlived = watched.alive()  # round 11: the passes whose outputs outlive the call
    run_sizes = watched.run_sizes()
    layer_sizes = layer_sizes()
    if got is None:
        return Report(name, not_solved(name))
    if not (x.tobytes() == x_given.tobytes() and y.tobytes() == y_given.tobytes()):  # round 15: bytes (-0.0 is 0.0)
        return Report(name, f"{name} changed the caller's x or y in place (reordered or overwritten, a -0.0 made 0.0 "
                            f"by x += 0): it must leave its inputs as it got them, to the bit")
    if not (x.flags.writeable and y.flags.writeable):  # round 15 (q3_wrong_r15_readonly_inputs): setflags(write=False)
        return Report(name, f"{name} left the caller's {'x' if not x.flags.writeable else 'y'} read-only (setflags("
                            f"write=False)): it must leave its inputs as it got them, flags included (work on a copy "
                            f"or a read-only view of your own)")
    if rng_moved:  # planted (round 13, q3_wrong_r13_global_rng_consumed): np.random.permutation of the examples
        return Report(name, rng_moved)
    if edited:  # planted (round 14, q3_wrong_r14_mutates_loss_fn): loss_fn.reduction = "sum", left so
        return Report(name, edited)
    added = sorted(set(vars(model)) - model_attributes - {"_gpukit_first_layer_log"})
    if added:  # planted (round 13, q3_wrong_r13_loss_history_attr_model): model._accum_loss = the summed loss
        return Report(name, f"{name} set attribute(s) {', '.join(map(repr, added[:3]))} on the model: it must leave the "
                            f"model as it got it, and keep nothing between calls (not on the model either)")
    changed = [layer.name for layer, flag in zip(model.layers, flags_given) if layer.trainable != flag]
    if changed:  # planted (round 4): every layer set trainable "to be sure gradients flow"
        return Report(name, f"{name} changed which layers are trainable ({', '.join(changed)}): it must leave the model "
                            f"as it got it and return gradients of its trainable variables only (a frozen layer stays "
                            f"frozen)")
    if any(not np.array_equal(a, np.array(b)) for a, b in zip(weights_given, model.weights)):
        # planted (round 4): a throwaway SGD step applied and undone (w - g + g is not w in floating point)
        return Report(name, f"{name} changed the model's weights: it must leave the model as it got it (compute the "
                            f"gradient; applying it is the optimizer's job)")
    try:
        count = len(got)
    except TypeError:
        count = None
    if count is not None and count != trainable:
        frozen_note = (f" (the model has {len(model.weights)} weights, {len(model.weights) - trainable} of them "
                       f"frozen: not trainable)" if len(model.weights) != trainable else "")
        return Report(name, f"{name}: {count} gradients for {trainable} trainable variables{frozen_note}: return "
                            f"one gradient per variable of model.trainable_variables, in that order")
    returned = list(got) if count is not None else got  # round 9: the objects the caller got, looked at again later
    try:
        got = [tf.convert_to_tensor(g) for g in got]
    except (TypeError, ValueError):
        return Report(name, f"{name}: returned {type(got).__name__}; return one gradient per trainable variable")
    first = [g.numpy().copy() for g in got]
    off = [(i, g.dtype, tf.as_dtype(d)) for i, (g, d) in enumerate(zip(got, dtypes))
           if g.dtype.is_floating and tf.as_dtype(d).is_floating and g.dtype != tf.as_dtype(d)]
    if off:  # planted (round 4): float32 accumulators whatever the variables' dtype; round 18
        i, got_dtype, want = off[0]  # (q3_wrong_r18_float64_sums_for_float32): float64 sums returned for float32
        why = ("the gradient is rounded to fewer bits than its variable" if got_dtype.size < want.size else
               "a wider dtype than its variable's")
        return Report(name, f"{name}: gradient {i} is {got_dtype.name}, its variable {want.name} ({why}): the rule is "
                            f"each gradient in its variable's dtype; accumulate in it (e.g. tf.zeros_like(v)), or "
                            f"cast the sum back to it")
    rounded = [i for i, (g, d) in enumerate(zip(got, dtypes)) if tf.as_dtype(d) == tf.float64 and g.dtype == tf.float64
               and np.array_equal(g.numpy(), g.numpy().astype(np.float32).astype(np.float64))]
    if dtype == "float64" and len(rounded) == len(got):
        # planted (issue 38, round 5: q3_wrong_r5_gradients_f32_accum): float32 sums cast back to float64 at the end;
        # the dtype is right but every value is a float32 number (a float64 gradient of float32 inputs is not)
        return Report(name, f"{name}: every gradient of this float64 model holds float32 values only (cast to float64 "
                            f"after the fact): the gradient is rounded to fewer bits than its variable; accumulate in the "
                            f"variable's dtype (e.g. tf.zeros_like(v))")
    def large_batch_diff(gradients, x=x, unfused=False):
        """How far ``gradients`` are from the large batch's: the nearer of two references for a float64 model
        (round 10, q3_right_r10_f64_aware): ``loss_fn`` as given (Keras computes it in float32 even on float64
        logits) and the same cross-entropy in float64 throughout; both are the gradient the contract asks for. NaN
        equals NaN (round 16: the third call's x holds one). ``unfused``: the references computed op by op
        (``_unfused_gradients``), as an eager answer computes them."""
        gradients_of = _unfused_gradients if unfused else training.gradients
        reference = gradients_of(tf.distribute.get_strategy(), model, x, y)
        diff = _finite_difference(gradients, reference)
        largest = max(float(np.max(np.abs(r[np.isfinite(r)]), initial=0.0)) for r in map(np.asarray, reference))
        if dtype != "float32" and not diff <= 1e-12 * max(1.0, largest):
            in_dtype = gradients_of(tf.distribute.get_strategy(), model, x, y, loss_fn=_cross_entropy)
            diff = min(diff, _finite_difference(gradients, in_dtype))
        return diff, reference

    diff, reference = large_batch_diff(got)
    scale = checks.scale_factor(got, reference)
    # round 9 (q3_wrong_r9_inputs_float32): a float64 model's gradient to float64's precision (right answers are
    # within 1e-16 of the large batch's; rounded through float32 it is ~1e-8 off)
    tol = 1e-6 if dtype == "float32" else 1e-12 * max(1.0, max(float(np.max(np.abs(r))) for r in reference))
    details = {"diff": diff, "scale": scale, "accum_steps": accum_steps, "n": n, "call_sizes": run_sizes, "tol": tol}
    if dtype != "float32" and tol < diff <= 1e-6:
        fed = [d for d in watched.dtypes if d is not None and tf.as_dtype(d).is_floating
               and tf.as_dtype(d).size < tf.as_dtype(dtype).size]
        how = (f"the model was fed {tf.as_dtype(fed[0]).name} micro-batches: x rounded before the first layer" if fed else
               "that is how far a value rounded to float32 on the way (a sum, a gradient, the loss) moves it")
        return Report(name, f"{name}: this {dtype} model's gradient is {diff:.3g} from the large batch's (computed with "
                            f"loss_fn, and with the cross-entropy in {dtype} throughout: it is near neither), float32's "
                            f"precision, not {dtype}'s ({how}); the rule: nothing rounded to fewer bits than the model's "
                            f"variables, x fed to the model as given", details)
    narrow = _narrow_values(got, dtypes) if not diff <= 1e-6 else None
    if narrow:
        # planted (round 10, q3_wrong_r10_f16_accumulators): float16 running sums cast back at the end; the dtype is
        # right, the values are float16 numbers (the old message blamed a kept sum or cache)
        return Report(name, f"{name}: every gradient holds {narrow} values only (cast back to the variables' dtype "
                            f"after the fact): it differs from the large batch's by {diff:.3g}, the gradient rounded to "
                            f"fewer bits than its variable; accumulate in the variable's dtype (e.g. tf.zeros_like(v))",
                      details)
    if not diff <= 1e-6:
        if accum_steps > 1 and abs(scale - accum_steps) <= 1e-3 * accum_steps:
            return Report(name, f"{name}: still {scale:.3g} x the large batch's gradient with accum_steps="
                                f"{accum_steps}: every micro-batch is weighted as if it were the whole batch", details)
        extra = (" and nothing else (model.losses is not part of it)" if model.losses else "")
        return Report(name, f"{name}: differs from the large batch's gradient by {diff:.3g} (about {scale:.3g} x) "
                            f"with accum_steps={accum_steps}: the rule is the gradient of the mean of loss_fn over all "
                            f"{n} examples{extra}, each micro-batch weighted by its share and scored against its own "
                            f"labels (y sliced as x is: labels from another micro-batch break it), and every call "
                            f"starting from zero (a sum or cache kept from an earlier call breaks it)", details)
    micro = n // accum_steps
    # round 10: the passes' sizes as they ran (a tf.function's Python runs once, when traced), then the order of
    # forwards and backwards (trace time is enough for that), then what the tapes held
    broken = (micro_batch_problem(name, run_sizes, n, micro) or _one_graph_problem(name, watched.graphs)
              or interleaving_problem(name, watched.events)
              or _later_backward_problem(name, watched.events) or _held_problem(name, watched.held)
              or _held_output_problem(name, watched.held_outputs, outlived)
              or _held_grads_problem(name, watched.held_grads)
              or _numpy_kept_problem(name, kept_bytes, model, micro)
              or kept_state_problem(name, state, accumulated_gradients, defaults=True, contents=True))
    if not broken and run_sizes != [micro] * accum_steps:  # planted: one example a pass; size/count swapped
        sizes = run_sizes
        shown = f"{sizes}" if len(sizes) <= 8 else f"[{', '.join(map(str, sizes[:6]))}, ...]"
        broken = (f"{name} made {len(sizes)} forward passes of {shown} examples; the contract is accum_steps="
                  f"{accum_steps} micro-batches of {micro} examples ({n} / {accum_steps}), one pass each")
    broken = broken or _layer_passes_problem(name, layer_sizes, run_sizes, accum_steps, micro)
    broken = (broken or unwatched_backward_problem(name, watched.events)
              or training_problem(name, watched.flags))
    if broken:
        return Report(name, f"the gradient is right, but {broken}", details)
    # planted (round 4): accumulators kept per model; (round 5, q3_wrong_r5_cache): the gradient cached by model, batch
    # and accum_steps. The second call comes after a training step would have changed the weights: its gradient is
    # the one at the new weights (a cache returns the old one, kept sums add the old one)
    for v in model.trainable_variables:
        v.assign(v * 0.5)
    later = accum_steps if later_accum_steps is None else later_accum_steps
    again = try_answer(accumulated_gradients, watched, x, y, later)
    again_diff = large_batch_diff([tf.convert_to_tensor(g) for g in again])[0] if again is not None else None
    if again_diff is None or not again_diff <= tol:
        with_k = f" (accum_steps={later})" if later != accum_steps else ""
        return Report(name, f"{name}: a second call with the same model and data{with_k}, after the weights changed (as a "
                            f"training step changes them), returned "
                            f"{'None' if again_diff is None else f'a gradient {again_diff:.3g} away from the gradient at the new weights'}: "
                            f"something is kept between calls (accumulators, a cache); every call starts from zero with "
                            f"the model as it is", details)
    # round 9 (q3_wrong_r9_returns_cached_variables): the first call's result, looked at after the second call, is
    # what it was (planted: the same tf.Variable accumulators returned by every call, zeroed and refilled by the next)
    if any(not np.array_equal(np.asarray(tf.convert_to_tensor(g)), f) for g, f in zip(returned, first)):
        return Report(name, f"{name}: the gradients a first call returned changed when {name} was called again: the "
                            f"same objects (variables, arrays) handed out by every call and refilled; that is state kept "
                            f"between calls. Each call returns gradients of its own (new tensors) that no later call "
                            f"changes", details)
    # round 9 (q3_wrong_r9_cache_variables_per_model): a layer frozen (or unfrozen) between two calls: the gradients of
    # the trainable variables as they are now (planted: the variable list cached per model on the first call)
    layer = next(layer for layer in model.layers if layer.weights)
    layer.trainable = not layer.trainable
    how = "frozen" if not layer.trainable else "made trainable again"
    if layer.trainable:  # round 24 (q3_wrong_r24_varlist_by_trainable_count: the list cached per model under the number
        # of trainable layers): the frozen case also freezes the next trainable layer, so as many layers are trainable
        # as before and only the variables say which
        other = next(other for other in model.layers if other.weights and other.trainable and other is not layer)
        other.trainable = False
        how = f"made trainable again and {other.name!r} frozen (as many trainable layers as before)"
    # round 16 (q3_wrong_r16_nonfinite_grad_guard: non-finite micro-batch gradients set to zero): the third call's last
    # example holds a NaN (the caller's x itself is not changed): the gradient of the mean is NaN, as it is
    x_nan = np.array(x, copy=True)
    x_nan[-1, 0] = np.nan
    third = try_answer(accumulated_gradients, watched, x_nan, y, later)
    try:
        third = None if third is None else [tf.convert_to_tensor(g) for g in third]
    except (TypeError, ValueError):
        third = None
    wanted = len(model.trainable_variables)
    third_diff = None
    if third is not None and len(third) == wanted:
        # round 19 (TF_ENABLE_ONEDNN_OPTS=1, TensorFlow's default on x86 CPUs with AVX-512): where the NaN goes depends
        # on the kernels, not on the answer. Grappler fuses MatMul + BiasAdd + Relu inside a tf.function (the large
        # batch's reference is one) into one oneDNN kernel whose ReLU turns a NaN into 0, so that reference is finite;
        # the same ops run one by one (an eager answer) pass the NaN on (relu(NaN) is NaN). Both are the gradient of
        # the mean as the learner's TensorFlow computes it: the answer is right when it is near either (NaN equal to
        # NaN), and a guard is named when it is near neither and finite where one of them is not
        third_diff, reference = large_batch_diff(third, x_nan)
        if not third_diff <= tol:
            unfused_diff, unfused = large_batch_diff(third, x_nan, unfused=True)
            third_diff = min(third_diff, unfused_diff)
            guards = (_nonfinite_problem("the gradient it returned", third, r, "a micro-batch's non-finite gradient "
                                                                               "dropped") for r in (reference, unfused))
            guard = None if third_diff <= tol else next(filter(None, guards), None)
            if guard:
                return Report(name, f"{name}: {guard}", details)
    if third_diff is None or not third_diff <= tol:
        told = ("returned nothing usable" if third is None else
                f"returned {len(third)} gradients for {wanted} trainable variables" if len(third) != wanted
                else f"returned gradients {third_diff:.3g} away from the model's")
        if third is not None and len(third) == len(model.weights) != wanted:  # planted (round 3): model.weights
            return Report(name, f"{name}: after layer {layer.name!r} was {how} between two calls, the next call returned "
                                f"{len(third)} gradients, one per weight of the model (frozen ones included), for "
                                f"{wanted} trainable variables: return one gradient per variable of "
                                f"model.trainable_variables (a frozen layer has none)", details)
        return Report(name, f"{name}: after layer {layer.name!r} was {how} between two calls, the next call {told}: "
                            f"the trainable variables are read on every call (model.trainable_variables as it is then; "
                            f"a list kept from an earlier call goes stale): nothing is kept between calls", details)
    return Report(name, None, details)
