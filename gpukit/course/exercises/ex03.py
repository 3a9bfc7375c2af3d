"""Checks of exercise 03 (lesson 03, ``solutions/03_heterogeneous_memory.ipynb``).

* ``compare_plan``: q1 (build), per-replica batch sizes proportional to capacities;
* ``compare_replica_loss``: q2 (debug), the given per-replica loss is exact with even batches
  but not with uneven ones; the fixed one must give the single-device gradient (run with
  ``gpukit.uneven_batches.gradients``); the planted bug (each replica averages over its own batch)
  is recognised and named;
* ``check_max_batch_prediction``: q3 (predict), the largest batch one device holds, worked out
  from the memory estimate before running (``gpukit.memory.max_batch_sizes``), graded exactly;
* ``compare_sample_weights``: q4 (build), Keras ``fit`` sample weights with the same effect.

``HINTS`` holds the hints ``gpukit.course.exercises.hint(ex03, "q1")`` prints one at a time.
"""

from __future__ import annotations

import math
import numbers
import sys

import numpy as np

from ... import memory as _memory
from . import (Report, _holds_code, code_modules_state, _numbers_of, attribute_names, attributes_added_problem, changed_since, child_process_problem, kept_state, kept_state_problem, notebook_globals,
               number_problem, not_solved, result_kept_problem, try_answer, watch_calls, watch_copies, watched_calls)

HINTS = {
    "q1": [
        "Start from the ideal shares capacities[r] / sum(capacities) * global_batch_size: they sum to the "
        "global batch but are not whole numbers.",
        "Round every share down first; count how many examples are then left over (fewer than the number of "
        "replicas).",
        "Give the left-over examples, one each, to the replicas whose shares lost the most in rounding (the "
        "largest fractional parts).",
        "A replica whose share rounds to 0 still needs one example: take it from the largest replica.",
    ],
    "q2": [
        "Run the given function's check with even batches (CAPACITIES all equal): it passes. So the bug only "
        "shows when the replicas' batch sizes differ.",
        "Read the docstring of tf.nn.compute_average_loss: what does it divide by when you do not pass "
        "global_batch_size?",
        "On one device every example weighs 1 / G (G = global batch). With the given loss, what does an "
        "example of a replica with n_r examples weigh? Compare a replica of 24 with one of 12.",
    ],
    "q3": [
        "One replica needs a fixed part (whatever the batch) plus a part that grows with every example.",
        "The fixed part with Adam in float32: weights, one gradient per weight and two optimizer slots per "
        "weight, 4 bytes each.",
        "Only (1 - HEADROOM) of the device is usable, and 1 MiB = 2**20 bytes (not 10**6).",
        "Subtract the fixed part from the usable bytes, divide by the bytes of one example's activations, "
        "and round down: a batch is a whole number of examples.",
    ],
    "q4": [
        "Write what fit computes for replica r with weight w_r on each of its n_r examples: "
        "(1/R) * w_r * (sum of its losses) / n_r.",
        "On one device, each example contributes (its loss) / G. Set the two equal for every example.",
        "Solve for w_r: it depends on R, n_r and G; check that equal batches give w_r = 1.",
    ],
}


def compare_plan(plan_batches, capacities, global_batch_size: int) -> Report:
    """Check a learner's ``plan_batches(capacities, global_batch_size) -> list of ints``:
    it sums to the global batch, every replica gets >= 1, each size is its ideal share
    ``capacity / sum * global`` rounded down or up (any such rounding is accepted). Then each call plans
    its own arguments: later calls with other capacities or another global batch must be right too
    (``_later_calls``)."""
    state = kept_state(plan_batches, defaults=True, contents=True)  # round 16 (q1_wrong_r16_memo_rounded_caps)
    names = attribute_names(plan_batches)  # round 17 (q1_wrong_r17_cache_on_loss_fn): a cache in loss_fn.__dict__
    modules = code_modules_state(plan_batches)  # round 29 (q1_wrong_r29_state_on_sys_module): a cache kept on sys
    report = _plan_report(plan_batches, capacities, global_batch_size)
    if not report.passed:
        return report
    later = _later_calls(plan_batches, capacities, global_batch_size, report)
    if later:
        return later
    # round 7 (cached_array, cached_same_list): the first call's plan edited by the caller, then a second call
    # both calls get the SAME list (issue 38, after round 9: with a new list each, a memo keyed on id(capacities) was
    # caught only when CPython reused the freed list's address: 7 runs in 30)
    arg = list(capacities)
    got = try_answer(plan_batches, arg, global_batch_size)
    # round 16 (q1_wrong_r16_shared_buffer_view: a view of one module-level array, rewritten by every call): the first
    # plan, looked at after a call with other capacities (rotated), is what it was
    rotated = arg[1:] + arg[:1]
    kept = _later_call_problem("plan_batches", "plan", got, arg,
                               lambda: try_answer(plan_batches, list(rotated), global_batch_size), rotated)
    if kept:
        return Report(report.name, kept, report.details)
    kept = result_kept_problem("plan_batches", got, lambda: try_answer(plan_batches, arg, global_batch_size))
    if kept:
        return Report(report.name, kept, report.details)
    # issue 38, round 14 (planted: an lru_cache handing every call with equal arguments the same tuple, which no edit
    # can show): the object itself
    if got is not None and try_answer(plan_batches, list(capacities), global_batch_size) is got:
        return Report(report.name, f"plan_batches: a second call with the same capacities {list(capacities)} and global "
                                   f"batch {global_batch_size} returned the very object the first call returned: the "
                                   f"rule is each call returns a new list (or array) of its own, nothing kept from an "
                                   f"earlier call", report.details)
    # issue 38, round 11 (planted: capacities that are whole and already sum to the global batch returned as the plan,
    # the caller's list itself): the first plan handed back as capacities, with the global batch they sum to
    exact = list(report.details["sizes"])
    got = try_answer(plan_batches, exact, global_batch_size)
    if got is exact:
        return Report(report.name, f"plan_batches: given capacities {exact} that are whole and already sum to the global "
                                   f"batch of {global_batch_size}, it returned the caller's capacities list itself: a "
                                   f"caller's edit of the plan changes its capacities (and any later plan of them). The "
                                   f"rule is each call returns a new list of its own, even when the plan equals the "
                                   f"capacities (list(capacities))", report.details)
    # round 16 (q1_wrong_r16_{asarray_inplace_normalize,array_returned_itself}): a caller may pass a NumPy array, a
    # float64 one (np.asarray(capacities, float) is no copy: normalised in place, it is the caller's) and an int64 one
    # that already is the plan (np.asarray(capacities) returned: the caller's array itself)
    for given in (np.array(capacities, dtype=np.float64), np.array(exact, dtype=np.int64)):
        problem = _array_kept_problem("plan_batches", "capacities", given,
                                      lambda: try_answer(plan_batches, given, global_batch_size))
        if problem:
            return Report(report.name, problem, report.details)
    kept = (kept_state_problem("plan_batches", state, plan_batches, defaults=True, contents=True)  # round 16, read last
            or attributes_added_problem("plan_batches", names)
            or _modules_problem("plan_batches", modules, plan_batches, "plans the capacities and the global batch it "
                                                                       "is given"))
    if kept:
        return Report(report.name, kept, report.details)
    return report


def _modules_problem(name: str, before: dict, fn, works: str) -> str | None:
    """The rule "nothing kept from an earlier call": a name added to, or a container changed on, a module ``fn``'s
    code names over the check's calls (``code_modules_state`` read before them and after), else None. Issue 38, round
    29 (q1_wrong_r29_state_on_sys_module: plans kept in a dict set on the sys module, handed out as copies)."""
    from . import code_modules_problem

    return code_modules_problem(name, before, fn, "over the check's calls",
                                f"the rule is each call {works}, nothing kept from an earlier call (not in a "
                                f"module-level dict or a default argument, nor on another module such as sys)")


def _later_call_problem(name: str, what: str, got, first, call_other, other) -> str | None:
    """None unless a result ``got`` (of a call with ``first``) changes when the function is called again with ``other``
    (``call_other()``), else the sentence naming the rule. Planted: 03 q4 (issue 38, round 6), one module-level list
    returned by every call and rewritten in place; q1 (round 16, q1_wrong_r16_shared_buffer_view), a view of one
    module-level array."""
    before = _numbers_of(got)
    if before is None:
        return None
    call_other()
    after = changed_since(got, before)
    if after is None:
        return None
    return (f"{name}: the {what} it returned for {first} became {after} when it was called again for {other}: the rule "
            f"is each call returns a new result the caller keeps (no buffer shared between calls)")


def _refused_or(call):
    """``call()``, or None when the learner's function it calls raises (not an ``AssertionError``, which names a
    changed session setting): an input the prompt allows but does not require accepting (03 q4's NumPy inputs)."""
    try:
        return call()
    except AssertionError:
        raise
    except Exception:  # noqa: BLE001 - the input refused: nothing of it changed is seen
        return None


def _array_kept_problem(name: str, what: str, given, call) -> str | None:
    """None when ``call()`` (handed the caller's NumPy array ``given``) leaves it as it was, to the bit and its dtype,
    and returns another object, else the sentence naming the rule (issue 38, round 16: 03 q1 and q4, a caller may
    pass a NumPy array)."""
    dtype, data, writeable = given.dtype, given.tobytes(), given.flags.writeable
    got = call()
    # round 25 (q1_wrong_freeze_input: np.asarray(capacities).flags.writeable = False): the caller's array left
    # read-only, their next edit of it raises
    if given.flags.writeable != writeable:
        return (f"{name} made the {what} array it was given read-only (flags.writeable = False on np.asarray of it, "
                f"which is that very array): the rule is the caller's {what} stay as they were, a NumPy array too "
                f"(their next edit of it would raise); compute in a new array")
    if given.dtype != dtype or given.tobytes() != data:
        return (f"{name} changed the {what} array it was given (a {dtype} NumPy array became {given.tolist()!r}, "
                f"{given.dtype}): the rule is the caller's {what} stay as they were, a NumPy array too "
                f"(np.asarray of a float64 array is that array, not a copy: compute in a new array)")
    if got is given:
        return (f"{name}: given a NumPy array as {what}, it returned that array itself: the rule is each call returns "
                f"a new list (or array) of its own, never the caller's {what} (a caller's edit of the result changes "
                f"them)")
    if isinstance(got, np.ndarray) and np.shares_memory(got, given):  # round 17 (q1_wrong_r17_view_of_caller_array)
        return (f"{name}: given a NumPy array as {what}, it returned an array that shares its memory (a view of it: "
                f".view(), a slice, np.asarray): the rule is each call returns a new list (or array) of its own, never "
                f"the caller's {what} (a caller's edit of the result changes them); copy it")
    return None


def _later_calls(plan_batches, capacities, global_batch_size: int, first: Report) -> Report | None:
    """None when later calls with other arguments get their own plans; else the report naming the rule.
    Planted (issue 38, round 6): plans memoised by ``(len(capacities), global_batch_size)`` (the largest capacity
    doubled, same count and order, gets the first plan back) and an ``lru_cache`` keyed by the capacities alone
    (the global batch plus one gets the first plan back): "the first call's plan again" is said only for these
    two, whose right plans differ from the first while the order of the capacities stays (a plan sorted by size
    fits them; it fails the third call, the capacities rotated, as a share not rounded). Pure Python: microseconds."""
    caps = list(capacities)
    doubled = list(caps)
    doubled[caps.index(max(caps))] *= 2
    rotated = caps[1:] + caps[:1]
    for other, batch, cached in ((doubled, global_batch_size, True), (caps, global_batch_size + 1, True),
                                 (rotated, global_batch_size, False)):
        second = _plan_report(plan_batches, other, batch)
        if second.passed:
            continue
        if cached and second.details.get("sizes") == first.details["sizes"]:
            return Report(first.name, f"plan_batches: after a call with capacities {caps} and global batch "
                                      f"{global_batch_size}, a call with capacities {other} and global batch {batch} "
                                      f"returned the first call's plan {first.details['sizes']} again: the rule is "
                                      f"each call plans the capacities and the global batch it is given (nothing "
                                      f"kept from an earlier call)", second.details)
        return Report(first.name, f"with capacities {other} and global batch {batch}, {second.problem}",
                      second.details)
    return None


def _plan_report(plan_batches, capacities, global_batch_size: int) -> Report:
    """One call's report (the contract of one plan)."""
    name = "plan_batches"
    items_given = list(capacities)
    given = list(items_given)
    got = try_answer(plan_batches, given, global_batch_size)
    if got is None:
        return Report(name, not_solved(name))
    # planted: the capacities normalised in place; round 15 (q1_wrong_r15_{numpy_inplace_types,
    # inplace_sort_restore_types}): rewritten with equal values of another type (np.float64, float): item by identity
    if len(given) != len(items_given) or any(a is not b for a, b in zip(given, items_given)):
        return Report(name, f"{name} changed the capacities it was given ({items_given!r} became {given!r}): the "
                            f"rule is the caller's list stays as it was, every item the very object it held (not an "
                            f"equal value of another type); compute the shares in a new list")
    # a list, a tuple, a numpy array or a tensor of whole numbers (20 or 20.0 alike: the prompt says so); planted
    # (issue 38, round 4): a generator or a map, which a caller can read only once
    if isinstance(got, (list, tuple, np.ndarray)) or hasattr(got, "numpy"):
        items = list(got.numpy() if hasattr(got, "numpy") else got)
    else:
        return Report(name, f"{name}: returned a {type(got).__name__}; return a list of ints, one per replica (a "
                            f"tuple or a numpy array count alike; a generator or a map can be read only once)")
    ideal = [c / sum(capacities) * global_batch_size for c in capacities]
    if items is None or not all(isinstance(n, numbers.Real) and not isinstance(n, (bool, np.bool_)) for n in items):
        return Report(name, f"{name}: returned {got!r}; return a list of ints, one per replica")
    if not all(float(n).is_integer() for n in items):
        return Report(name, f"{name}: {[round(float(n), 2) for n in items]} are not whole numbers: a replica's batch "
                            f"holds whole examples, so each ideal share must be rounded", {"ideal": ideal})
    sizes = [int(n) for n in items]
    details = {"sizes": sizes, "ideal": ideal}
    if len(sizes) != len(capacities):
        return Report(name, f"{name}: {len(sizes)} sizes for {len(capacities)} capacities", details)
    if sum(sizes) < global_batch_size:
        return Report(name, f"{name}: {sizes} sums to {sum(sizes)}, not {global_batch_size}: hand out the "
                            f"rounding remainder; the rule is the sizes sum to the global batch exactly (count the "
                            f"remainder in ints: the global batch minus the sum of the rounded-down shares)", details)
    if sum(sizes) > global_batch_size:
        return Report(name, f"{name}: {sizes} sums to {sum(sizes)}, more than the global batch of {global_batch_size}: "
                            f"more shares were rounded up (or lifted to one) than there are examples left; the rule is "
                            f"the sizes sum to the global batch exactly (count the remainder in ints: the global batch "
                            f"minus the sum of the rounded-down shares, not a float sum of the shares)", details)
    if min(sizes) < 1:
        return Report(name, f"{name}: {sizes}: every replica needs at least one example", details)
    # rounding rule only where no replica had to be lifted to its minimum of one example
    far = [] if min(ideal) < 1 else [r for r, (n, q) in enumerate(zip(sizes, ideal))
                                     if not math.floor(q) <= n <= math.ceil(q)]
    if far:
        return Report(name, f"{name}: {sizes} for ideal shares {[round(q, 2) for q in ideal]}: replica "
                            f"{far[0]} is not its share rounded down or up", details)
    if min(ideal) < 1:  # issue 38, round 14 (planted: the example a replica is lifted with taken from the first, or the
        # smallest, replica holding more than one, left far below its share while a larger replica could give)
        problem = _lift_problem(sizes, capacities, ideal, global_batch_size)
        if problem:
            return Report(name, f"{name}: {sizes} for ideal shares {[round(q, 2) for q in ideal]}: {problem}", details)
    return Report(name, None, details)


def _lift_problem(sizes, capacities, ideal, global_batch_size: int) -> str | None:
    """None when the examples that lift replicas (ideal share below 1) to one come from the largest replicas, else
    the rule broken. Either every other replica holds its share of what the lifted ones leave (capacity / the others'
    capacities x (G - lifted)) rounded down or up, or each lifted example was taken from the largest replica at the
    time: a replica below its share rounded down (it gave) ends at most one example below any other."""
    lifted = {r for r, q in enumerate(ideal) if q < 1}
    if any(sizes[r] != 1 for r in lifted):
        r = next(r for r in sorted(lifted) if sizes[r] != 1)
        return (f"replica {r}, whose share is below 1, gets {sizes[r]}: the rule is a replica lifted to its minimum gets "
                f"one example")
    rest = sum(c for r, c in enumerate(capacities) if r not in lifted)
    share = {r: c / rest * (global_batch_size - len(lifted)) for r, c in enumerate(capacities) if r not in lifted}
    if all(math.floor(q - 1e-9) <= sizes[r] <= math.ceil(q + 1e-9) for r, q in share.items()):
        return None
    gave = [r for r in share if sizes[r] < math.floor(ideal[r] + 1e-9)]
    more = [(r, s) for r in gave for s in share if sizes[s] > sizes[r] + 1]
    if not more:
        return None
    r, s = more[0]
    return (f"replica {r} gave an example to a lifted replica and ends with {sizes[r]} while replica {s} holds "
            f"{sizes[s]}: the rule is the examples that lift replicas to one come from the largest replicas (each "
            f"taken from the largest at the time, or every other replica its share of what the lifted ones leave, "
            f"rounded down or up)")


def compare_replica_loss(replica_loss, capacities, global_batch_size: int, seed: int = 0) -> Report:
    """Check a learner's ``replica_loss(per_example_losses, global_batch_size) -> scalar``:
    with uneven per-replica batches (planned from ``capacities``) the summed gradient must
    equal the single-device gradient to 1e-6. ``details``: ``diff``, ``scale`` (how many times
    the right gradient), ``per_replica_batch_sizes``."""
    from ... import checks, data, devices, memory, models, uneven_batches, strategies, training
    from ..._tf import tf

    name = "replica_loss"
    losses = tf.constant([1.0, 2.0, 3.0])
    with tf.GradientTape() as tape:
        tape.watch(losses)
        probe = try_answer(replica_loss, losses, 6)
    if probe is None:
        return Report(name, not_solved(name))
    if tf.size(probe) != 1:
        return Report(name, f"{name}: return one number (a scalar), not one value per example")
    if tf.is_tensor(probe) and probe.shape.rank != 0:  # planted: shape [1] or [1, 1], as ex01 q1 rejects
        return Report(name, f"{name}: return one number, a scalar tensor of shape (), not shape "
                            f"{tuple(probe.shape)} (tf.reduce_sum gives a scalar)")
    if not tf.is_tensor(probe) or tape.gradient(probe, losses) is None:
        return Report(name, f"{name}: TensorFlow cannot differentiate the number it returns with respect to the "
                            f"per-example losses (computed with numpy, float(), a constant or stop_gradient): the "
                            f"strategy needs its gradient")
    strategy = strategies.mirrored(devices.replica_devices()[: len(capacities)])
    sizes = memory.plan(capacities, global_batch_size, num_replicas=strategy.num_replicas_in_sync)
    x, y = data.synthetic(global_batch_size, shape=(10,), num_classes=4, seed=seed)
    model = models.mlp(input_shape=(10,), hidden=(16,), num_classes=4, seed=seed, strategy=strategy)
    try:
        got = uneven_batches.gradients(strategy, model, x, y, sizes, divide_by=replica_loss)
    except Exception as e:  # noqa: BLE001 - the learner's function, traced inside strategy.run
        last = [line.strip() for line in str(e).splitlines() if line.strip()]
        return Report(name, f"{name} raised {type(e).__name__} inside strategy.run, where tf.function traces it (the "
                            f"losses are symbolic there: TensorFlow operations only): {last[-1] if last else ''}")
    reference_model = models.mlp(input_shape=(10,), hidden=(16,), num_classes=4, seed=seed)
    reference = training.gradients(tf.distribute.get_strategy(), reference_model, x, y)
    diff = checks.max_difference(got, reference)
    scale = checks.scale_factor(got, reference)
    batches = list(sizes.per_replica_batch_sizes)
    details = {"diff": diff, "scale": scale, "per_replica_batch_sizes": batches}
    if not diff <= 1e-6:
        # the planted bug: each replica divides by its OWN batch (times R, or not), so an example of a
        # small replica weighs more than one of a large replica; recognise it by its gradient
        for bug, what in ((lambda losses, g: tf.nn.compute_average_loss(losses), "1 / (R x its own batch size)"),
                          (lambda losses, g: tf.reduce_mean(losses), "1 / (its own batch size)")):
            planted = uneven_batches.gradients(strategy, model, x, y, sizes, divide_by=bug)
            if checks.max_difference(got, planted) <= 1e-6:
                details["bug"] = what
                return Report(name, f"{name}: still wrong with uneven batches {batches}: every example is weighted "
                                    f"by {what}, so the examples of a small replica count more than those of a "
                                    f"large one (gradients differ from one device by {diff:.3g})", details)
        return Report(name, f"{name}: gradients differ from one device by {diff:.3g} (about {scale:.3g} x) with "
                            f"uneven batches {batches}: on one device every example weighs 1 / {global_batch_size}",
                      details)
    # exact here, yet not by the rule; even plans probe even batches (the colleague's loss is exact there)
    problem = (_weights_problem(replica_loss, tf, strategies, devices, even=len(set(batches)) == 1)
               or _float64_problem(name, replica_loss, tf)
               or _running_sum_problem(name, replica_loss, tf)  # round 29
               # round 25; not on even plans, where the colleague's loss (its own batch, the huge one not seen) is exact
               or (None if len(set(batches)) == 1 else _huge_batch_problem(name, replica_loss, tf)))
    if problem:
        return Report(name, problem, details)
    return Report(name, None, details)


_FLOAT64_LOSSES = (0.1, 0.2, 0.4)  # none a float32 number: rounded to float32 their sum / G moves by 7e-8


def _float64_problem(name: str, replica_loss, tf) -> str | None:
    """Issue 38, round 16 (q2_wrong_r16_float32_cast_input: the losses cast to float32 before the sum): float64
    per-example losses, one eager call; their sum / G must come back to float64 precision (no rounding through a
    narrower type). An answer that refuses float64 losses (raises) is not failed here: the prompt promises none. Round 17
    (q2_wrong_r17_batch_size_via_float32: the global batch cast to float32 first): the global batch is 2**24 + 1, which
    float32 cannot hold. Round 18 (q2_wrong_r18_reciprocal_float32): 2**24 + 2**23 + 1, whose reciprocal float32 rounds
    too."""
    batch = _FLOAT64_BATCH
    losses = tf.constant(_FLOAT64_LOSSES, dtype=tf.float64)
    try:
        value = try_answer(replica_loss, losses, batch)
        got = float(value)
    except AssertionError:
        raise
    except Exception:  # noqa: BLE001 - float64 losses refused (a float32 divisor, say): not this rule's business
        return None
    exact = math.fsum(_FLOAT64_LOSSES) / batch
    if abs(got - exact) <= 1e-12 * abs(exact) or not abs(got - exact) <= 1e-6 * abs(exact):
        return None  # exact, or another scale (the colleague's: the other checks name it), not a rounding
    dtype = getattr(getattr(value, "dtype", None), "name", type(value).__name__)
    return (f"{name}: given float64 per-example losses {list(_FLOAT64_LOSSES)} (global batch {batch}), it returns "
            f"{got!r} ({dtype}), not their sum / {batch} = {exact!r} to float64 precision: the rule is no rounding "
            f"through a narrower type (float32, float16): sum the losses, and divide by the global batch, in their own "
            f"dtype")


# Issue 38, round 29 (q2_wrong_r29_foldl_float64_accum, _scan_float64_running: a running sum one loss at a time,
# tf.foldl or tf.scan, in a float64 accumulator: on float32 losses _BIG_PROBE cannot see it). Float64 losses, a 1.0
# then 9999 of 0.49 of its ulp: a running sum drops every small one (1 + 0.49 ulp rounds back to 1), 9999 x 2**-53.98
# = 1.09e-12 of the sum; tf.reduce_sum sums them in a tree (Eigen: leaves of 1024, 4 lanes) and drops 256 at most,
# 1.75e-14 (measured, CPU; every kept right answer, tensordot's 4.1e-15). Allowed: 3e-13 of the exact mean, so that
# a tree reduction with no SIMD lanes at all (leaves of 1024 summed one by one: 1023 dropped, 1.1e-13) passes too
# and the running sum is still 3.6 times over (stop 65).
_RUNNING_LOSSES = [1.0] + [0.49 * 2.0**-52] * 9999
_RUNNING_RELATIVE = 3e-13


def _running_sum_problem(name: str, replica_loss, tf) -> str | None:
    """None unless float64 losses (``_RUNNING_LOSSES``, global batch 10000, one eager call) come back further than
    ``_RUNNING_RELATIVE`` of the exact mean from it: a running sum one loss at a time, in float64 too. An answer that
    refuses float64 losses is not failed here (``_float64_problem``)."""
    batch = len(_RUNNING_LOSSES)
    exact = math.fsum(_RUNNING_LOSSES) / batch
    try:
        got = float(try_answer(replica_loss, tf.constant(_RUNNING_LOSSES, dtype=tf.float64), batch))
    except AssertionError:
        raise
    except Exception:  # noqa: BLE001 - float64 losses refused: not this rule's business
        return None
    off = abs(got - exact)
    if off <= _RUNNING_RELATIVE * exact or not off <= 1e-6 * exact:
        return None  # within float64 summing, or another scale (the other checks name it)
    return (f"{name}: given {batch} float64 per-example losses (a 1.0, then {batch - 1} of {_RUNNING_LOSSES[1]:.3g}), "
            f"global batch {batch}, it returns {got!r}, {off / exact:.2g} of the mean off their sum / {batch} = "
            f"{exact!r} (tf.reduce_sum is within 2e-14; {_RUNNING_RELATIVE:g} allowed): the rule is no running sum one "
            f"loss at a time (tf.foldl, tf.scan, a cumsum), in float64 either: its rounding grows with the replica's "
            f"size; sum with tf.reduce_sum")


_HUGE_BATCH = 2**32 + 2**23 + 1  # round 25: no int32 (wrapped: 2**23 + 1), and float64 holds it


def _huge_batch_problem(name: str, replica_loss, tf) -> str | None:
    """Issue 38, round 25. q2_wrong_int32_batch (the global batch cast to int32: past 2**31 it wraps) and
    q2_wrong_cond_guard (a tf.cond whose empty branch is a float32 0.0: float64 losses work eagerly, and raise once
    tf.function traces it, as strategy.run does). Float64 losses, a global batch above 2**32: one eager call, then the
    same call traced once (losses of shape [None]). An answer that refuses float64 losses eagerly is not failed here."""
    losses = tf.constant(_FLOAT64_LOSSES, dtype=tf.float64)
    batch = _HUGE_BATCH
    exact = math.fsum(_FLOAT64_LOSSES) / batch
    try:
        got = float(try_answer(replica_loss, losses, batch))
    except AssertionError:
        raise
    except Exception:  # noqa: BLE001 - float64 losses (or such a batch) refused eagerly: not this rule's business
        return None
    if not abs(got - exact) <= 1e-6 * abs(exact):
        return (f"{name}: given float64 losses {list(_FLOAT64_LOSSES)} and a global batch of {batch}, it returns "
                f"{got!r}, not their sum / {batch} = {exact!r}: the rule is every example weighs 1 / global_batch_size, "
                f"whatever the global batch (an int32 global batch wraps past 2**31: keep it a Python int or int64)")
    eager_exact = abs(got - exact) <= 1e-12 * abs(exact)  # round 27: then traced too (float64 precision)
    traced = tf.function(lambda values: replica_loss(values, batch),
                         input_signature=[tf.TensorSpec([None], tf.float64)])
    try:
        got = float(try_answer(traced, losses))
    except AssertionError:
        raise
    except Exception as err:  # noqa: BLE001 - the learner's function, traced as strategy.run traces it
        last = [line.strip() for line in str(err).splitlines() if line.strip()]
        return (f"{name}: with float64 losses it works eagerly, but traced by tf.function (as strategy.run traces it, "
                f"losses of shape [None]) it raised {type(err).__name__}: {last[-1] if last else ''}: the rule is the "
                f"function runs inside strategy.run for the losses it accepts (a tf.cond's branches must give the "
                f"same dtype: a float32 0.0 does not match float64 losses; tf.zeros_like or the sum of no losses does)")
    if not abs(got - exact) <= 1e-6 * abs(exact):
        return (f"{name}: traced by tf.function with float64 losses {list(_FLOAT64_LOSSES)} and a global batch of "
                f"{batch}, it returns {got!r}, not their sum / {batch} = {exact!r}: the rule is every example weighs "
                f"1 / global_batch_size")
    if eager_exact and not abs(got - exact) <= 1e-12 * abs(exact):
        # round 27 (planted: q2_wrong_r27_graph_float32_divisor, _losses: exact eagerly, G or the sum through float32
        # only when traced): float64 precision in the traced step too
        return (f"{name}: traced by tf.function (as strategy.run traces it) with float64 losses "
                f"{list(_FLOAT64_LOSSES)} and a global batch of {batch}, it returns {got!r}, not their sum / {batch} = "
                f"{exact!r} to float64 precision, as it does eagerly: the rule is no rounding through a narrower type "
                f"(float32, float16) in a traced step either: sum the losses, and divide by the global batch, in their "
                f"own dtype")
    return None


# q2's float64 probe's global batch (round 17: float32 holds 2**24 or 2**24 + 2). Round 18 (planted: reciprocal_float32,
# 1 / G rounded to float32: 1 / (2**24 + 1) is within 4e-15 of a float32): 1.5 x 2**24 + 1, no float32 (it holds its
# neighbours 2**24 + 2**23 and + 2), whose reciprocal float32 rounds by 2e-8
_FLOAT64_BATCH = 2**24 + 2**23 + 1


# q2's probe (issue 38, round 4). Blind answers kept their points by clipping the per-example losses (at 5, at
# 10: the model's losses are never that large), by dropping non-finite ones, or by reading the replica's batch
# size from the static shape (exact only while the shape is known when the step is traced; a dataset's partial
# last batch gives [None]). The probe: 2 replicas with uneven losses (3 and 1 examples, shape [None] inside a
# tf.function; 2 and 2 when the check's plan is even), one of them large, one infinite; each example's loss
# must weigh 1 / G, whatever its value. Round 6: a loss cast to float16 before the sum (its gradient exact, its
# value rounded to about 3 digits, inf above 65504): losses of 0.1, 0.7 and 1.3 (not exact in float16) and
# 3e5 (3e5 / 4 overflows float16); the replicas' scalars must add up to the mean to float32 precision.
# Round 7: a NaN loss as well as an inf (planted: nansum, nan_to_zero, multiply_no_nan: a NaN loss counted as 0, so
# weighing 0, not 1 / G; the gradient of a plain sum is 1 / G at a NaN too).
# Round 9 (planted: the divisor counted by all-reducing the replicas' batch sizes, global_batch_size ignored, which
# equals G whenever the batches fill the global batch): a partial last batch, 2 and 1 examples of a global batch of
# 4; every example still weighs 1 / 4.
# Round 10 (planted: the replica's mean times n_r / G, NaN for a replica with no example: the mean of nothing): the
# partial last batch is 3 and 0 examples (tf.distribute can leave a replica of a partial last batch empty; the prompt
# says so now): the empty replica's scalar must be 0, the sum of no losses, and the replicas' scalars add up to the mean.
# Round 14 (planted: negative losses set to 0, -inf losses dropped; the divisor rounded through float16, exact up to
# 2048): a negative loss in the finite probe, a -inf in the non-finite one, and the 300-and-1 probe (4000 and 1 since
# round 18) a partial last batch of a global batch of 4097 (float16 holds 4096 or 4098, not 4097).
_PROBE = ([[0.1, 3e5, -0.7], [1.3]], [[float("-inf"), 40.0, float("nan")], [float("inf")]])
_EVEN_PROBE = ([[0.1, 3e5], [-0.7, 1.3]], [[float("-inf"), 40.0], [float("nan"), float("inf")]])
# Round 15 (planted: losses above 1e8 stop_gradient'ed as "exploding"; a loss of exactly 0 masked out as padding): the
# partial last batch holds a 0 and a 2.5e8 (every example weighs 1 / G whatever its loss, 0 and huge ones included)
_PARTIAL_PROBE = [[0.0, 0.7, 2.5e8], []]
# Round 13 (planted: the largest loss dropped when a replica holds more than 64 examples; the sum through float16 above
# 256 examples): 300 examples and 1, a global batch of 301. The losses are quarters (exact in float16 and float32, so
# is a float32 sum of them), the largest 900.5, and the first replica's sum, 1198.25, is no float16 (its nearest is
# 1198): a float16 sum is 2e-4 off, 20 x the 1e-5 allowed. Round 18 (planted: chunked_sum_capped, 16 chunks of 64
# examples summed, the rest dropped): 4000 examples and 1 (of 4097); the first replica's sum, 4898.25, is no float16
# (its nearest is 4900: 4e-4 off).
# Round 27 (planted: q2_wrong_r27_cumsum_last, the replica's sum read off a float32 running sum, tf.math.cumsum: exact
# on quarters): 3999 losses of 2.45 (no float32 number), then 900.5. A sum one loss at a time rounds 4000 times, always
# the same way: 3.7e-5 off, 3.7 x the 1e-5 allowed; tf.reduce_sum's is 7e-8 off (measured, CPU). A float16 sum is
# further off still.
_BIG_PROBE = [[2.45] * 3999 + [900.5], [0.5]]


def _shown(losses) -> str:
    """Per-replica losses as the messages show them: the values, or for many their count and range."""
    flat = [x for l in losses for x in l]
    return str(flat) if len(flat) <= 8 else f"({len(flat)} of them, from {min(flat):g} to {max(flat):g})"


def _weights_problem(replica_loss, tf, strategies, devices, even: bool = False):
    """None when, on 2 replicas of 3 and 1 examples (2 and 2 if ``even``), every example's loss weighs 1 / 4 (1 / 4097 on 4000 and 1) in
    the replica's scalar (the gradient with respect to it) and the finite losses' scalars sum to their mean;
    else the message."""
    from . import session_kept

    names = devices.replica_devices()
    if len(names) < 2:  # the probe needs 2 replicas (the check's own run needs as many as capacities)
        return None
    strategy = strategies.mirrored(names[:2])
    name = getattr(replica_loss, "__name__", "replica_loss")
    split = "2 and 2" if even else "3 and 1"
    probes = [(losses, split, "global batch 4", 4) for losses in (_EVEN_PROBE if even else _PROBE)]
    if not even:  # (an even plan probes even batches only: the colleague's loss is exact there)
        probes.append((_PARTIAL_PROBE, "3 and 0", "a partial last batch: 3 examples of a global batch of 4, none on the "
                                                  "second replica", 4))
        probes.append((_BIG_PROBE, "4000 and 1", "a partial last batch: 4001 examples of a global batch of 4097", 4097))
    for losses, split, whole, g in probes:
        per_replica = strategy.experimental_distribute_values_from_function(
            lambda ctx, losses=losses: tf.constant(losses[ctx.replica_id_in_sync_group], dtype=tf.float32))

        @tf.function
        def step(values):
            def one(v):
                v = tf.compat.v1.placeholder_with_default(v, shape=[None])  # the size known only when it runs
                with tf.GradientTape() as tape:
                    tape.watch(v)
                    value = replica_loss(v, g)
                return value, tape.gradient(value, v)
            return strategy.run(one, args=(values,))

        try:
            with session_kept(name):
                values, grads = step(per_replica)
        except AssertionError:
            raise
        except Exception as e:  # noqa: BLE001 - the learner's function, traced inside strategy.run
            last = [line.strip() for line in str(e).splitlines() if line.strip()]
            said = last[-1] if last else ""
            # round 11 (planted: tf.debugging.check_numerics on the losses; an assert that the replica has examples):
            # the probe that raised says which rule (the first probe, finite losses on both replicas, ran)
            if not losses[-1] or not losses[0]:
                return (f"{name} raised {type(e).__name__} on a partial last batch that leaves a replica with no example "
                        f"(shape [0]): {said}. The rule is an empty replica is allowed (tf.distribute hands one out when "
                        f"a partial last batch is short): its scalar is 0, the sum of no losses, divided by G")
            if not all(math.isfinite(v) for l in losses for v in l):
                return (f"{name} raised {type(e).__name__} on per-example losses {[v for l in losses for v in l]} "
                        f"(a NaN and an inf among them): {said}. The rule is every example's loss weighs 1 / G "
                        f"whatever its value: no check that raises, no clipping, no dropping of large or non-finite "
                        f"losses (a NaN loss shows in the reported loss, where the learner sees it)")
            return (f"{name} raised {type(e).__name__} inside strategy.run on a batch whose size is known only when "
                    f"it runs (shape [None], as a partial last batch gives): {said}")
        weights = [[None] * len(l) if g is None else [float(w) for w in g.numpy()]
                   for g, l in zip(strategy.experimental_local_results(grads), losses)]
        flat = [(loss, w) for l, ws in zip(losses, weights) for loss, w in zip(l, ws)]
        off = [(loss, w) for loss, w in flat if w is None or not abs(w - 1 / g) <= 4e-7 / g]
        if off:
            loss, w = off[0]
            return (f"{name}: with batches of {split} examples ({whole}), their sizes known only when the "
                    f"step runs (shape [None], as a partial last batch gives), an example whose loss is {loss:g} weighs "
                    f"{w!r} in its replica's loss, not 1 / {g}: every example weighs 1 / G (global_batch_size, also when "
                    f"the replicas hold fewer examples in all) whatever its replica's batch size (count the examples as they are, not from the static shape) and whatever its loss (no "
                    f"clipping, no dropping of large, zero or non-finite losses, NaN and inf included)")
        scalars = [float(v) for v in strategy.experimental_local_results(values)]
        empty = [v for v, l in zip(scalars, losses) if not l and v != 0]
        if empty:  # planted (round 10): tf.reduce_mean(losses) * n_r / G, NaN on an empty replica
            return (f"{name}: with batches of {split} examples ({whole}), the replica with no example returns "
                    f"{empty[0]!r}, not 0: the rule is every example weighs 1 / G, also in a partial last batch, which can "
                    f"leave a replica with no example at all (shape [0]); its scalar is the sum of no losses, 0 (a mean "
                    f"of nothing is NaN, and NaN x 0 is NaN: sum the losses and divide by G)")
        if all(math.isfinite(x) for l in losses for x in l):
            total = sum(scalars)
            mean = sum(sum(l) for l in losses) / g
            if not abs(total - mean) <= 1e-5 * abs(mean):
                return (f"{name}: with batches of {split} examples ({whole}), their sizes known only when "
                        f"the step runs (shape [None], as a partial last batch gives), per-example losses "
                        f"{_shown(losses)} give replica losses summing to {total:.9g}, not the "
                        f"global mean {mean:.9g}: the rule is the replicas' scalars add up to the mean loss over the "
                        f"global batch to float32 precision (each example's loss / G, the examples counted as they "
                        f"are, not from the static shape, and not rounded through a narrower type such as float16; "
                        f"nor a running sum, one loss at a time, whose rounding grows with the replica's size: "
                        f"tf.reduce_sum)")
    return None


# The prediction of question 3: fixed numbers (the notebook's parameters) so a changed parameters
# cell cannot move the target; the hidden test grades against these.
PREDICTION = {"num_parameters": 1_000_000, "activations_per_example": 20_000, "device_mib": 64, "headroom": 0.1,
              "optimizer": "adam"}


def _max_batch(num_parameters, activations_per_example, device_bytes, headroom, slots=2, grads=True):
    fixed = num_parameters * 4 * (1 + (1 if grads else 0) + slots)
    return int((device_bytes * (1 - headroom) - fixed) // (activations_per_example * 4))


# q3's "before running anything" observed (issue 38, round 3: a blind answer set predicted_max_batch to
# ``memory.max_batch_sizes(...)[0]``, the exact number, and kept its points). From the setup cell on (it
# imports this module) gpukit.memory's planning functions note each call made from a cell that assigns
# ``predicted_max_batch`` (the answer cell; the given cell after q3 calls the planner too, and is not noted).
_PLANNER_CALLS = "__gpukit_memory_planner_calls__"
_PLANNER = watch_calls(_memory, ["estimate_from_counts", "estimate_memory", "max_batch_sizes", "plan", "check_fits"],
                       _PLANNER_CALLS, cell_assigns="predicted_max_batch")
# Round 6: the planner's arithmetic reached without those functions: a ``MemoryEstimate`` built by hand and searched
# with ``.bytes_for`` (planted: q3_wrong_r6_batching_largest), noted as "MemoryEstimate.<method>".
_ESTIMATE_CALLS = "__gpukit_memory_estimate_calls__"
watch_calls(_memory.MemoryEstimate, ["__init__", "bytes_for", "with_activations"], _ESTIMATE_CALLS,
            cell_assigns="predicted_max_batch")
# Round 14 (planted: gpukit/memory.py's text exec'd as a module of another name, the module deleted afterwards; a
# planner function's code re-wrapped with types.FunctionType and called): a copy of the planner's code made while the
# answer cell runs, by any method, noted when it is made (``watch_copies(..., clones=True)``), whatever the notebook keeps.
_COPY_CALLS = "__gpukit_memory_copy_calls__"
for _owner, _name in [(_memory, f) for f in _PLANNER] + [(_memory.MemoryEstimate, f) for f in ("bytes_for",
                                                                                         "with_activations")]:
    watch_copies(_owner, _name, _COPY_CALLS, cell_assigns="predicted_max_batch", what="a copy of gpukit.memory's code",
                 clones=True)


def _memory_copies(notebook: dict) -> list[str]:
    """Names in the notebook's globals bound to a copy of gpukit.memory loaded again from its file (a module, its
    spec, or a function of it that is not the module's own): the watched functions are the module's, a copy's are
    not. Planted (issue 38, round 6, q3_wrong_r6_hidden_memory_call): ``importlib`` loads gpukit/memory.py as
    another module and calls its ``max_batch_sizes``."""
    import os

    path = os.path.realpath(_memory.__file__)

    def from_memory(file) -> bool:
        return isinstance(file, str) and os.path.realpath(file) == path

    import types

    # issue 38, round 13 (planted: gpukit/memory.py's source read and exec'd into a module of another name, whose
    # functions have another co_filename): a function whose name and bytecode are those of one of gpukit.memory's
    found = []
    # the code a function runs, past a watch (round 17's merge: exercise 07 watches gpukit.zero.plan, exercise 03
    # gpukit.memory's functions; two watch wrappers share one code object, so gpukit.zero, imported by an outside
    # answer, held "a copy" of gpukit.memory.plan in a process that had imported both exercises)
    def code_of(f):
        return getattr(f, "__gpukit_original__", f).__code__.co_code

    own = {k: code_of(v) for k, v in vars(_memory).items() if isinstance(v, types.FunctionType)}

    def compiled_copy(value) -> bool:
        spaces = [value] if isinstance(value, types.FunctionType) else (
            list(vars(value).values()) if isinstance(value, types.ModuleType) and value is not _memory else
            list(value.values()) if isinstance(value, dict) else [])
        return any(isinstance(f, types.FunctionType) and f is not getattr(_memory, f.__name__, None)
                   and own.get(f.__name__) == code_of(f) for f in spaces)

    for key, value in list(notebook.items()):
        if key.startswith("__") or value is _memory:
            continue
        try:
            if compiled_copy(value) or _pasted_copy(value):
                found.append(key)
                continue
        except Exception:  # noqa: BLE001 - an object whose attributes raise is no copy of the module
            pass
        if isinstance(value, (int, float, str, bytes, list, tuple, dict, set, np.ndarray)):
            continue
        try:
            if from_memory(getattr(value, "__file__", None)) or from_memory(getattr(value, "origin", None)) or (
                    from_memory(getattr(getattr(value, "__code__", None), "co_filename", None))
                    and getattr(_memory, getattr(value, "__name__", ""), None) is not value):
                found.append(key)
        except Exception:  # noqa: BLE001 - an object whose attributes raise is no copy of the module
            continue
    return found


def _pasted_copy(value) -> bool:
    """Issue 38, round 16 (q3_wrong_r16_pasted_planner_copy: gpukit.memory.max_batch_sizes' source pasted into the
    cell, under its own name or any other): a function of the notebook (or a class's) whose code is, or defines at any
    depth, one of the planner's (``_holds_code``: bytecode, names and constants, read without file or line)."""
    import types

    functions = [value] if isinstance(value, types.FunctionType) else (
        [f for f in vars(value).values() if isinstance(f, types.FunctionType)] if isinstance(value, type) else [])
    originals = _PLANNER_CODES.get("codes")
    if originals is None:
        originals = _PLANNER_CODES["codes"] = [f.__code__ for f in _PLANNER.values()] + [
            getattr(f, "__gpukit_original__", f).__code__ for f in (_memory.MemoryEstimate.bytes_for,
                                                                    _memory.MemoryEstimate.with_activations)]
    for f in functions:
        if f.__module__ == _memory.__name__ or getattr(f, "__gpukit_original__", None) is not None:
            continue
        if any(_holds_code(f.__code__, o) for o in originals):
            return True
    return False


_PLANNER_CODES: dict = {}


def check_max_batch_prediction(value, **params) -> Report:
    """The learner's ``predicted_max_batch``: the largest batch one replica holds on a device of
    ``device_mib`` MiB (``headroom`` kept free) for a model of ``num_parameters`` float32 weights
    trained with ``optimizer``, keeping ``activations_per_example`` values per example. Graded
    exactly against ``gpukit.memory.max_batch_sizes`` on ``estimate_from_counts``; the classic
    slips (optimizer slots or gradients forgotten, no headroom, MB for MiB, not rounded down)
    are named."""
    name = "predicted_max_batch"
    p = {**PREDICTION, **params}
    estimate = _PLANNER["estimate_from_counts"](p["num_parameters"], p["activations_per_example"],
                                                optimizer=p["optimizer"])
    device = p["device_mib"] * _memory.MiB
    expected = _PLANNER["max_batch_sizes"]([device], estimate, headroom=p["headroom"])[0]
    details = {"expected": expected, "got": value, "fixed_bytes": estimate.fixed,
               "bytes_per_example": estimate.activations_per_example}
    problem = number_problem(name, value, 'a batch size')
    if problem:
        return Report(name, problem, details)
    if not isinstance(value, (numbers.Integral, float, np.floating)):
        # issue 38, round 29 (q3_wrong_r29_fraction_object: Fraction(554)): the standing ruling for every count (04 q2,
        # 05 q1, 09 q1): an int, a numpy int or a whole float; a Fraction is none of them
        return Report(name, f"{name} is {value!r}, a {type(value).__name__}: the rule is a batch size is one whole "
                            f"number, a plain int or a whole float (a numpy int too), not a {type(value).__name__} "
                            f"(int() of it, or // for whole-number division)", details)
    called = sorted({f for f, _ in watched_calls(_PLANNER_CALLS)} |
                    {"MemoryEstimate(...)" if f == "__init__" else f"MemoryEstimate.{f}"
                     for f, _ in watched_calls(_ESTIMATE_CALLS)})
    started = child_process_problem(name)  # round 7 (subprocess_planner): the planner asked in a child process
    if started:
        return Report(name, started, details)
    copies = _memory_copies(notebook_globals(sys._getframe(1)) or {})
    if watched_calls(_COPY_CALLS) and not copies:
        copies = ["made while the cell ran: its __code__ taken, or its file or source exec'd"]
    if copies:
        return Report(name, f"the notebook holds gpukit.memory's code outside the module ({', '.join(copies)}: a "
                            f"copy loaded again from its file, or a function taken around it): the rule is a prediction worked out by hand before running "
                            f"anything (arithmetic in the cell is fine, a gpukit.memory call is not, through a copy "
                            f"either)", details)
    if called:
        return Report(name, f"the cell that sets {name} calls gpukit.memory.{', gpukit.memory.'.join(called)}: the rule "
                            f"is a prediction worked out by hand before running anything (arithmetic in the cell is "
                            f"fine, a gpukit call is not). If the call was only a try, restart the kernel and run all",
                      details)
    if value == expected:
        return Report(name, None, details)
    n, a, h = p["num_parameters"], p["activations_per_example"], p["headroom"]
    slips = [
        (_max_batch(n, a, device, h, slots=0), "the fixed part is two 4-byte values per weight short: Adam's two "
                                               "slots are missing (or the gradients and one slot); one replica keeps "
                                               "the weights, the gradients and Adam's two slots, 4 float32 values per "
                                               "weight"),
        (_max_batch(n, a, device, h, slots=0, grads=False), "the fixed part counts the weights only: the gradients "
                                                            "and the optimizer's slots need memory too"),
        # round 11 (planted: Adam given one slot): one 4-byte value per weight short is the gradients OR one slot
        (_max_batch(n, a, device, h, grads=False), "the fixed part is one 4-byte value per weight short: the "
                                                   "gradients or one of Adam's two slots are missing; one replica "
                                                   "keeps the weights, the gradients and Adam's two slots, 4 float32 "
                                                   "values per weight"),
        (_max_batch(n, a, device, 0.0), "the headroom is not taken off the device's memory"),
        (_max_batch(n, a, p["device_mib"] * 10**6, h), "a MiB is 2**20 bytes, not 10**6"),
        (_max_batch(n, a / 4, device, h), "the activations are counted as bytes, but each float32 value takes 4"),
        (expected + 1, "that is the share rounded up: its last example no longer fits"),
    ]
    if not float(value).is_integer():
        return Report(name, f"{value!r} is not a whole number, so not a batch size: a device holds whole examples "
                            f"(round down)", details)
    for candidate, why in slips:
        if value == candidate and candidate != expected:
            return Report(name, f"{value:g} is not the largest batch that fits: {why}", details)
    more = "too large: that batch would not fit" if value > expected else "too small: a larger batch still fits"
    return Report(name, f"{value:g} is {more}; add up, in bytes, what one replica keeps for the whole step", details)


def compare_sample_weights(fit_sample_weights, per_replica_batch_sizes, seed: int = 0) -> Report:
    """Check a learner's ``fit_sample_weights(per_replica_batch_sizes) -> one weight per replica``:
    ``fit``'s reduction (each replica: weighted mean of its own examples, times 1/R; summed)
    must give the mean over the global batch for any per-example losses."""
    import numpy as np

    name = "fit_sample_weights"
    sizes = [int(n) for n in per_replica_batch_sizes]
    given = list(sizes)
    # round 15 (q4_wrong_r15_{default_arg_memo,lru_cache}): a memo in a mutable default argument, a functools cache
    state = kept_state(fit_sample_weights, defaults=True, contents=True)
    names = attribute_names(fit_sample_weights)  # round 17 (q4_wrong_r17_cache_on_loss_fn): a cache in loss_fn.__dict__
    modules = code_modules_state(fit_sample_weights)  # round 29: a cache kept on sys (q1's q1_wrong_r29_state_on_sys_module)
    got = try_answer(fit_sample_weights, given)
    if got is None:
        return Report(name, not_solved(name))
    # planted: the weights written into the caller's list; round 15 (q4_wrong_r15_inplace_float): its ints turned
    # into equal floats in place (item by identity)
    if len(given) != len(sizes) or any(a is not b for a, b in zip(given, sizes)):
        return Report(name, f"{name} changed the list it was given ({sizes!r} became {given!r}): the rule is the "
                            f"caller's list stays as it was, every item the very object it held (not an equal value "
                            f"of another type); return the weights in a new list")
    if not (isinstance(got, (list, tuple, np.ndarray)) or hasattr(got, "numpy")):  # a generator, a map: read once
        return Report(name, f"{name}: returned a {type(got).__name__}; return a list of floats, one weight per replica "
                            f"(a tuple or a numpy array count alike; a generator or a map can be read only once)")
    weights = np.asarray(got, dtype=np.float64).ravel()
    if weights.shape != (len(sizes),):
        return Report(name, f"{name}: return {len(sizes)} weights, one per replica")
    # planted (issue 38, round 6): one module-level list returned by every call and rewritten in place; a second
    # call with other batches (one more replica) must leave the first result as the caller got it
    other = sizes + [1]
    problem = _later_call_problem(name, "weights", got, sizes, lambda: try_answer(fit_sample_weights, list(other)), other)
    if problem:
        return Report(name, problem)
    # round 7 (cached_array, cached_same_list): the SAME stored list or array returned again for the same batches
    problem = result_kept_problem(name, got, lambda: try_answer(fit_sample_weights, given))  # the same list: an id() memo hits
    if problem:
        return Report(name, problem)
    # round 13 (planted: an lru_cache handing every call the same tuple, which no edit can show): the object itself
    if try_answer(fit_sample_weights, list(sizes)) is got:
        return Report(name, f"{name}: a second call with the same batches {sizes} returned the very object the first call "
                            f"returned: the rule is each call returns a new list (or array) of its own, nothing kept from "
                            f"an earlier call")
    # round 16 (q4_wrong_r16_{inplace_float_array,list_items_to_ints_inplace}): a caller's float64 array (np.asarray
    # of it is no copy: scaled in place, it is the caller's) and a list of NumPy ints and floats (int(n) of them is
    # another object) stay as they were. An answer that refuses them (raises: Fraction of a NumPy float, say) is not
    # failed here
    array = np.array(sizes, dtype=np.float64)
    problem = _refused_or(lambda: _array_kept_problem(name, "batch sizes", array,
                                                      lambda: try_answer(fit_sample_weights, array)))
    numpy_items = [np.int64(n) if i % 2 else np.float64(n) for i, n in enumerate(sizes)]
    listed = list(numpy_items)
    _refused_or(lambda: try_answer(fit_sample_weights, listed))
    if not problem and (len(listed) != len(numpy_items) or any(a is not b for a, b in zip(listed, numpy_items))):
        problem = (f"{name} changed the list it was given ({numpy_items!r} became {listed!r}): the rule is the "
                   f"caller's list stays as it was, every item the very object it held (a NumPy int or float too, not "
                   f"an equal int); return the weights in a new list")
    if problem:
        return Report(name, problem)
    # round 14 (planted: R * n_r in int32, which wraps past 2**31): above 10**7 examples every example of a replica
    # has one loss, drawn per replica (the same rule: w_r / (R n_r) = 1 / G), not a loss per example
    losses = np.random.default_rng(seed).random(len(sizes) if sum(sizes) > _PER_REPLICA else sum(sizes))
    fit_style = _fit_loss(weights, sizes, losses)
    mean = _global_mean(sizes, losses)
    diff = abs(fit_style - mean)
    # round 16 (q4_wrong_r16_round_{9_digits,12_significant}): exact to double precision, 1e-14 of the mean (every right
    # way of computing R n_r / G is within 4e-16 of it on these cases; 12 significant digits are 2e-12 off)
    tol = _RELATIVE * abs(mean)
    details = {"fit_loss": float(fit_style), "global_mean": float(mean), "diff": float(diff), "tol": tol}
    if not diff <= tol:
        rounded = (" (the weights must be exact to double precision: rounded, to float32 or to a few decimals, they "
                   "move fit's loss by more than that)" if diff < 1e-3 else "")  # planted: float32, 4 decimals
        return Report(name, f"{name}: fit's loss would be {fit_style:.12g}, the global mean is {mean:.12g}, "
                            f"{diff:.2g} apart, more than the {tol:.2g} allowed (1e-14 of it): with these weights an example does not "
                            f"weigh 1 / G as on one device{rounded}"
                            + (" (a replica with 0 examples, as a partial last batch can leave one, still counts in "
                               "Keras' 1 / R: R is every replica in sync, the empty ones too)" if 0 in sizes else ""),
                      details)
    # round 13 (planted: weights cached by (R, G)): the same number of replicas and global batch, other sizes
    turned = sizes[::-1]
    if turned != sizes:
        later = try_answer(fit_sample_weights, list(turned))
        weights = np.asarray(later, dtype=np.float64).ravel()
        if weights.shape != (len(sizes),) or not abs(_fit_loss(weights, turned, losses)
                                                      - _global_mean(turned, losses)) <= tol:
            return Report(name, f"{name}: after the weights of {sizes}, a call with {turned} (as many replicas, the same "
                                f"global batch) gave {weights.tolist()}, which do not give the global mean: the rule is "
                                f"each call computes the weights of the batches it is given (nothing kept from an "
                                f"earlier call)", details)
    kept = (kept_state_problem(name, state, fit_sample_weights, defaults=True, contents=True)  # round 15, read last
            or attributes_added_problem(name, names)
            or _modules_problem(name, modules, fit_sample_weights, "computes the weights of the batches it is given"))
    if kept:
        return Report(name, kept, details)
    return Report(name, None, details)


_PER_REPLICA = 10**7  # above this many examples, one loss per replica (``compare_sample_weights``)
_RELATIVE = 1e-14  # q4's tolerance, relative to the global mean (round 16: the weights exact to double precision)


def _global_mean(sizes, losses) -> float:
    """The mean loss over the global batch: of the per-example ``losses``, or of one loss per replica (``_PER_REPLICA``)."""
    if sum(sizes) > _PER_REPLICA:
        return float(sum(n * m for n, m in zip(sizes, losses)) / sum(sizes))
    return float(losses.mean())


def _fit_loss(weights, sizes, losses) -> float:
    """fit's loss with one weight per replica: each replica's weighted mean over its examples, over R. Keras's
    per-replica mean divides with divide_no_nan: a replica with no example adds 0, whatever its weight (round 10)."""
    if sum(sizes) > _PER_REPLICA:  # one loss per replica: its mean
        return float(sum(w * m for w, n, m in zip(weights, sizes, losses) if n) / len(sizes))
    bounds = np.cumsum([0] + list(sizes))
    return float(sum((w * losses[a:b]).sum() / max(b - a, 1) / len(sizes) for w, a, b in zip(weights, bounds, bounds[1:])))
