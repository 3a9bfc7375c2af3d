"""Checks of exercise 05 (lesson 05, model parallelism): each runs the learner's answer and a
reference computed independently (``gpukit.parallel`` for schedules, numpy for the split layer,
one plain ``GradientTape`` over the unsplit model for gradients) and returns a ``Report``.

* ``check_micro_batches_prediction(value, p, target)``: the fewest micro-batches for an idle share of at
  most ``target``, predicted, graded exactly against the simulated schedule;
* ``check_schedule(one_f_one_b, p, m)``: a 1F1B schedule as data;
* ``check_split(split_pair, d, ...)``: a Dense pair split column-then-row over ``d`` devices;
* ``check_pipeline_gradients(pipeline_gradients, m, ...)``: the debugged stage-by-stage backward.
"""

from __future__ import annotations


import collections
import functools
import gc
import numbers
import threading

import numpy as np

from . import (Recorder, Report, TapesWatched, child_process_problem, device_problem, joins_watched, kept_state,
               kept_state_problem, micro_batch_problem, not_solved, number_problem, numpy_kept, session_kept,
               threads_started_since, training_problem, try_answer, unjoined, watch_calls, watch_copies, watched_calls,
               watch_first_layer)


# q1's "before running anything" observed (issue 38, round 7: tests/attacks/ex05/q1_wrong_r7_{simulated,theory_call}
# searched m with gpukit's simulated schedule or its bubble formula in the answer cell), as 03 q3 and 06 q1 do. From
# the setup cell on (it imports this module) gpukit's schedule simulator and bubble formulas note each call made from
# a cell that assigns ``predicted_micro_batches`` (the answer cell; the given cells that print tables are not noted).
# ``gpukit.parallel`` re-exports ``gpukit.pipeline``'s functions: both modules' names are watched.
_Q1_CALLS = "__gpukit_ex05_schedule_calls__"
_Q1_FUNCTIONS = ["make_schedule", "theory_bubble", "theory_bubble_interleaved", "bubble_over_ideal", "bubble_of",
                 "execute", "controlled_cost", "explorer_state"]


def _watch_q1() -> dict:
    from ... import parallel, pipeline

    originals = {}
    for owner in (parallel, pipeline):
        # round 17 (q1_wrong_r17_py_function_thread: the search run inside tf.py_function, on TensorFlow's own
        # thread, where no frame is the notebook's): a call from another thread is noted against the cell the main
        # thread runs (``any_thread``), as ex10's watch does
        originals.update(watch_calls(owner, _Q1_FUNCTIONS, _Q1_CALLS, cell_assigns="predicted_micro_batches",
                                     any_thread=True))
    watch_calls(pipeline.Schedule, ["simulate", "bubble", "peak_in_flight", "table"], _Q1_CALLS,
                cell_assigns="predicted_micro_batches", any_thread=True)
    # round 14 (q1_wrong_r14_depends_on_sim): the schedule simulated tick by tick with gpukit's dependency rule.
    # gpukit.parallel's name only: Schedule.simulate calls gpukit.pipeline's, thousands of times per check
    watch_calls(parallel, ["depends_on"], _Q1_CALLS, cell_assigns="predicted_micro_batches", any_thread=True)
    # round 15 (q1_wrong_r15_module_copy_sim: a private copy of gpukit/pipeline.py loaded with importlib and its
    # make_schedule(...).bubble() run): the shared watch of copies of the simulator's code (as 03 q3, 06-08 do), a
    # copy made while the answer cell runs noted under the same key, whatever the notebook keeps
    for owner, fname in [(pipeline, f) for f in _Q1_FUNCTIONS + ["depends_on"]] + [
            (pipeline.Schedule, f) for f in ("simulate", "bubble")]:
        if hasattr(owner, fname):
            watch_copies(owner, fname, _Q1_CALLS, cell_assigns="predicted_micro_batches",
                         what="a copy of gpukit.pipeline's code", clones=True)
    # round 16 (q1_wrong_r16_plan_step_time: the bubble read off gpukit.plan.plan's predicted step time, bubble_s /
    # (compute_s + bubble_s), searched over m): gpukit.plan's step time (its bubble term compute x (p - 1) / m) is a
    # bubble formula too; search, recommend, fewest_devices and published plan through ``plan`` (a call made from
    # the answer cell at any depth is noted). Watched the same way, copies included
    from ... import plan as planner

    watch_calls(planner, ["plan", "bubble_fraction"], _Q1_CALLS, cell_assigns="predicted_micro_batches", any_thread=True)
    for fname in ("plan", "bubble_fraction"):
        watch_copies(planner, fname, _Q1_CALLS, cell_assigns="predicted_micro_batches",
                     what="a copy of gpukit.plan's code", clones=True)
    return originals


_SIMULATOR = _watch_q1()  # the originals: the check's own reference does not go through the watch


HINTS = {
    "q1": [
        "Draw the schedule table for p=2, m=3 (print(parallel.make_schedule('gpipe', 2, 3).table())) and count, "
        "on one stage, the ticks where it does nothing.",
        "Write the idle share as a fraction of m and p; which way does it move when m grows?",
        "Solve 'idle share <= TARGET_BUBBLE' for m, then take the smallest whole m that satisfies it (check it).",
    ],
    "q2": [
        "Stage s cannot start the backward of micro-batch 0 before that micro-batch has gone through every later "
        "stage: how many forwards can it run before its first backward?",
        "After those warm-up forwards, alternate: one forward, one backward, and so on.",
        "At the end, only backwards are left to run. Check each stage runs every F and every B exactly once.",
    ],
    "q3": [
        "Each device must compute its part of the output from x alone: which columns of w1 (and entries of b1) "
        "give it its hidden units?",
        "Those hidden units feed w2 through the matching rows: keep rows and columns of the same units together.",
        "relu acts unit by unit, so splitting the hidden units keeps it exact; a width that d does not divide "
        "gives unequal shards: refuse it.",
    ],
    "q4": [
        "Run the check on the given function and read which stages are wrong: which stage's gradients are right?",
        "A stage's loss is not its own output: the gradient of the final loss reaches stage s through stage s+1. "
        "What does tape.gradient need to know about that?",
        "tape.gradient(target, sources, output_gradients=...) weights target by the gradient that came from "
        "further down the pipeline.",
    ],
}

def fewest_micro_batches(p: int, target: float) -> int:
    """The fewest micro-batches for which a GPipe step of ``p`` unit-cost stages idles at most
    ``target`` of the time, found by simulating the schedule tick by tick (``gpukit.parallel``)."""
    m = 1
    while _SIMULATOR["make_schedule"]("gpipe", p, m).bubble() > target:
        m += 1
    return m


def check_micro_batches_prediction(value, p: int, target: float) -> Report:
    """The learner's number must be the fewest micro-batches ``m`` with a GPipe bubble of at most
    ``target`` on ``p`` stages (``fewest_micro_batches``, simulated), graded exactly; the cell that sets it
    must not run gpukit's simulator or bubble formulas (``_watch_q1``)."""
    name = "predicted_micro_batches"
    expected = fewest_micro_batches(p, target)
    details = {"p": p, "target": target, "expected": expected, "got": value}
    problem = number_problem(name, value, "a whole number of micro-batches")
    if problem:
        return Report(name, problem, details)
    if not isinstance(value, (numbers.Integral, float, np.floating)):
        # planted (issue 38, round 9: q1_wrong_r9_fraction): Fraction(14). The ruling for every count (04 q2): an int, a
        # numpy int or a whole float; a Fraction is none of them
        return Report(name, f"{name} must be a whole number of micro-batches (an int, a numpy int or a whole float), got "
                            f"{value!r}, a {type(value).__name__}", details)
    if value != int(value) or value < 1:
        return Report(name, f"{name} must be a whole number of micro-batches >= 1, got {value!r}", details)
    started = child_process_problem(name)  # round 15 (q1_wrong_r15_subprocess_sim): the simulator in a child process
    if started:
        return Report(name, started, details)
    called = sorted({f for f, _ in watched_calls(_Q1_CALLS)})
    if called:  # planted (round 7): m searched with the simulated schedule or theory_bubble in the answer cell
        return Report(name, f"the cell that sets {name} runs {', '.join(called)} (gpukit's schedule simulator, its "
                            f"dependency rule, its bubble formula or gpukit.plan's step time): the rule is a prediction worked out before running anything "
                            f"(arithmetic in the cell is fine). If that was only a try, restart the kernel and run all",
                      details)
    m = int(value)
    bubble = _SIMULATOR["make_schedule"]("gpipe", p, m).bubble()
    if bubble > target:
        return Report(name, f"with m={m} micro-batches a {p}-stage GPipe step idles {bubble:.1%} of the time, more "
                            f"than {target:.0%}: count the idle ticks of one stage over all ticks of the step", details)
    if m > expected:
        return Report(name, f"m={m} reaches an idle share of {bubble:.1%}, but fewer micro-batches already stay under "
                            f"{target:.0%}: the question asks for the fewest", details)
    return Report(name, None, details)


def check_schedule(one_f_one_b, p: int, m: int) -> Report:
    """``one_f_one_b(p, m)`` must return ``p`` lists of ``("F" | "B", micro)`` pairs: every pass
    exactly once, a step no longer than GPipe's (bubble ``(p-1)/(m+p-1)`` with unit costs), and
    at most ``p - s`` micro-batches alive on stage ``s``."""
    from ... import parallel

    name = "one_f_one_b"
    got = try_answer(one_f_one_b, p, m)
    if got is None:
        return Report(name, not_solved(name))
    details = {"p": p, "m": m}

    def read_once(x):  # an iterator (a generator, map, iter(list)): it is empty after its first read
        try:
            return iter(x) is x
        except TypeError:
            return False
    # planted (issue 38, round 12, q2_wrong_r12_generators): each stage's order a generator: the check's first
    # read uses it up and the schedule then "misses" passes; name the rule, not the missing passes
    if read_once(got) or (isinstance(got, (list, tuple)) and any(read_once(stage) for stage in got)):
        return Report(name, f"{name}({p}, {m}) returned {'a stage order as ' if not read_once(got) else ''}an "
                            f"iterator ({type(got if read_once(got) else next(st for st in got if read_once(st))).__name__}), "
                            f"which is empty after one read: return a list of p lists (lists or tuples the caller "
                            f"can read more than once)", details)
    try:
        floats = [micro for stage in got for _, micro in stage
                  if isinstance(micro, bool) or not isinstance(micro, numbers.Integral)]
        orders = [[(str(kind), int(micro)) for kind, micro in stage] for stage in got]
    except (TypeError, ValueError):
        return Report(name, f"{name}({p}, {m}) must return one list per stage of (kind, micro) pairs such as "
                            f"('F', 0), got {got!r:.80}", details)
    # planted (round 14, q2_wrong_r14_deque_stages): each stage's order a collections.deque (read
    # as pairs first: a stage that is no sequence at all is told that)
    odd = ([type(got)] if not isinstance(got, (list, tuple)) else
           [type(stage) for stage in got if not isinstance(stage, (list, tuple))])
    if odd:
        return Report(name, f"{name}({p}, {m}) returned {'a stage order as ' if isinstance(got, (list, tuple)) else ''}a "
                            f"{odd[0].__name__}: the contract is a list of p lists (or tuples) of passes", details)
    if floats:  # planted (issue 38, round 4): ("F", 0.0)
        return Report(name, f"{name}({p}, {m}): a micro-batch index is {floats[0]!r}, a {type(floats[0]).__name__}: "
                            f"each pass is (kind, i) with i the micro-batch's index, an int", details)
    # planted (round 12, q2_wrong_r12_numpy_int_overflow): np.int8 indices wrap past 127 (read as "missing B128...")
    # round 15 (q2_wrong_r15_int16_indices: np.int16, which wraps past 32767): the prompt's m reaches "far above this
    # notebook's"; a numpy integer type narrower than 32 bits (int8/16, uint8/16) cannot hold the index of every m it
    # allows, whatever this case's m (a case with m > 32767 would cost a simulation of 65536 ticks per stage)
    narrow = [micro for stage in got for _, micro in stage
              if isinstance(micro, np.integer) and np.iinfo(type(micro)).max < max(m - 1, 2**31 - 1)]
    if narrow:
        return Report(name, f"{name}({p}, {m}): a micro-batch index is a {type(narrow[0]).__name__}, which holds at most "
                            f"{np.iinfo(type(narrow[0])).max}: indices wrap past it; the rule: each index is the "
                            f"micro-batch's number for any m (an int, or a numpy integer of 32 bits or more)", details)
    # planted (round 4): stage lists shared between stages, or the same lists returned on every call (a cache):
    # the caller owns what it gets and may edit it
    lists = [stage for stage in got if isinstance(stage, list)]
    if len({id(stage) for stage in lists}) < len(lists):
        return Report(name, f"{name}({p}, {m}) returned one list object for several stages: editing one stage's "
                            f"order would edit the others; give each stage a list of its own", details)
    state = kept_state(one_f_one_b)  # round 17 (q2_wrong_r17_class_attr_history: every result logged on a class)
    again = try_answer(one_f_one_b, p, m)
    try:  # round 17 (q2_wrong_r17_recycle_previous_result: the previous result's lists emptied by the next call)
        reread = [[(str(kind), int(micro)) for kind, micro in stage] for stage in got]
    except (TypeError, ValueError):
        reread = None
    if reread != orders:
        return Report(name, f"{name}({p}, {m}): a second call changed the schedule the first call returned (the "
                            f"caller's lists): the rule is nothing it could edit is shared between calls; each call "
                            f"returns new lists of its own, which no later call changes", details)
    kept = kept_state_problem(name, state, one_f_one_b)
    if kept:
        return Report(name, f"{kept} (nothing it could edit is shared between calls: no log or cache of the lists "
                            f"it returns)", details)
    if again is not None and ((isinstance(got, list) and again is got)
                              or any(a is b for a, b in zip(again, lists))):
        return Report(name, f"{name}({p}, {m}) returned the same list objects on a second call (a cache): a caller "
                            f"that edits one schedule would change the next; return new lists on every call", details)
    # planted (round 7, q2_wrong_r7_{shared_pairs,pairs_shared_between_calls}): one mutable pair object (a list
    # ["F", i]) in several stages, or kept in a module and handed out by every call: a caller's edit of one pass
    # shows in the other stages or the next call's schedule. Tuples are immutable: sharing them is fine.
    def mutable_pairs(result):
        return [pair for stage in result if isinstance(stage, (list, tuple)) for pair in stage
                if not isinstance(pair, (tuple, str, bytes))]

    pairs = mutable_pairs(got)
    if len({id(pair) for pair in pairs}) < len(pairs):
        return Report(name, f"{name}({p}, {m}) put one {type(pairs[0]).__name__} object in several places (the same "
                            f"pass object in several stages): editing one stage's pass would edit the others; the caller "
                            f"owns what it gets, a pair of its own everywhere (or immutable tuples)", details)
    first = {id(pair) for pair in pairs}
    if again is not None and any(id(pair) in first for pair in mutable_pairs(again)):
        return Report(name, f"{name}({p}, {m}) returned the same {type(pairs[0]).__name__} pair objects on a second "
                            f"call (kept between calls): a caller that edits one pass would change the next call's "
                            f"schedule; build new pairs on every call (or immutable tuples)", details)
    if len(orders) != p:
        return Report(name, f"{name}({p}, {m}) returned {len(orders)} stage lists, expected one per stage ({p})",
                      details)
    every = sorted((k, i) for k in "FB" for i in range(m))
    for s, order in enumerate(orders):
        if sorted(order) != every:
            missing = sorted(set(every) - set(order))
            counts = collections.Counter(order)
            extra = [op for op in order if op not in every or counts[op] > 1]
            return Report(name, f"stage {s} does not run each of F0..F{m - 1} and B0..B{m - 1} exactly once "
                                f"(missing {missing[:4]}, unexpected or repeated {extra[:4]})", details)
    schedule = parallel.Schedule(name, p, m, tuple(tuple(parallel.Op(s, k, i) for k, i in order)
                                                   for s, order in enumerate(orders)))
    try:
        slots = schedule.simulate()
    except ValueError:
        return Report(name, "the schedule deadlocks: some stage waits for a pass that can only run after one "
                            "of its own later passes", details)
    makespan, ideal = max(sl.end for sl in slots), 2 * (m + p - 1)
    details.update(makespan=makespan, bubble=schedule.bubble(), peak=schedule.peak_in_flight())
    if makespan > ideal + 1e-9:
        return Report(name, f"with one tick per pass the step takes {makespan:g} ticks instead of {ideal}: stages "
                            f"wait more than they must (bubble {schedule.bubble():.3f} vs "
                            f"{parallel.theory_bubble(p, m):.3f})", details)
    for s, peak in enumerate(schedule.peak_in_flight()):
        if peak > min(p - s, m):
            return Report(name, f"stage {s} keeps the activations of {peak} micro-batches alive at once; 1F1B keeps "
                                f"at most {min(p - s, m)} there", details)
    return Report(name, None, details)


def check_split(split_pair, d: int, in_dim: int = 6, hidden: int = 8, out_dim: int = 3, seed: int = 0,
                batch: int = 5, dtype: str = "float32") -> Report:
    """``split_pair(w1, b1, w2, d)`` must return ``d`` shards ``(w1_k, b1_k, w2_k)`` of shapes
    ``(in, h/d)``, ``(h/d,)``, ``(h/d, out)`` whose partial outputs ``relu(x @ w1_k + b1_k) @ w2_k``
    sum (the all-reduce) to the unsplit ``relu(x @ w1 + b1) @ w2``; and raise ``ValueError`` when
    ``d`` does not divide the hidden width. Issue 38, round 4 (tests/attacks/ex05/q3_wrong_r4_*): the shards
    hold the pair's own values to the bit (planted: w2 scaled by 1 + 5e-5, b1 rounded through float16, within
    the 1e-4 of the sum), ``dtype`` (the hidden case's float64 pair: planted, a float32 cast), and w1's first
    input row is 1e-4 x smaller (planted: tiny weights flushed to 0 in the caller's w1)."""
    name = "split_pair"
    rng = np.random.default_rng(seed)
    w1 = rng.normal(size=(in_dim, hidden)).astype(dtype)
    w1[0] *= 1e-4  # tiny weights, real in trained layers: they must survive the split (and stay in the caller's w1)
    w1[-1, -1] = -0.0  # round 14 (q3_wrong_r14_plus_zero_copy): to the bit, a -0.0 stays -0.0 (x + 0.0 is +0.0)
    # round 25 (q3_wrong_r25_mask_multiply: each shard the pair times a 0/1 mask in TensorFlow, whose CPU kernels flush
    # subnormal floats to zero): a subnormal weight, which a slice, a copy or tf.split keeps to the bit
    w1[0, 0] = np.finfo(dtype).smallest_subnormal * 3
    b1 = rng.normal(size=hidden).astype(dtype)
    w2 = rng.normal(size=(hidden, out_dim)).astype(dtype)
    x = rng.normal(size=(batch, in_dim)).astype("float32")
    given = (w1.copy(), b1.copy(), w2.copy())
    # round 14 (q3_wrong_r14_id_cache): shards cached in a module-level dict; round 29 (q3_wrong_r29_default_arg_cache):
    # the same cache in a mutable default argument (``_cache={}``), read with ``defaults``
    state = kept_state(split_pair, defaults=True)
    try:
        got = try_answer(split_pair, *given, d)
    except ValueError as err:  # planted (round 9, q3_wrong_r9_checks_in_divisible): in_dim % d checked too
        if hidden % d:
            raise
        return Report(name, f"{name}(w1 {w1.shape}, b1, w2 {w2.shape}, d={d}) raised ValueError ({err}), but this split "
                            f"is valid: d={d} divides the hidden width {hidden}. Only the hidden units are split (each "
                            f"shard keeps all {in_dim} rows of w1 and all {out_dim} columns of w2, whatever those widths); "
                            f"the contract raises ValueError only when d does not divide h", {"d": d, "hidden": hidden})
    if got is None:
        return Report(name, not_solved(name))
    details = {"d": d, "hidden": hidden}
    kept = kept_state_problem(name, state, split_pair, defaults=True)
    if kept:
        return Report(name, f"{kept} (each call splits the weights it is given, their own values now)", details)
    for what, before, after in zip(("w1", "b1", "w2"), (w1, b1, w2), given):  # planted: reordered in place
        if not np.array_equal(before, after):
            return Report(name, f"{name} changed the caller's {what} in place: it must leave w1, b1 and w2 as it got "
                                f"them (copy before reordering)", details)
        if not after.flags.writeable:  # planted (round 5, q3_wrong_r5_views_inplace_guard): the caller's arrays set read-only
            return Report(name, f"{name} made the caller's {what} read-only (flags.writeable = False): it must leave w1, "
                                f"b1 and w2 as it got them, flags included (the caller still trains them)", details)
    if not isinstance(got, (list, tuple)):  # planted: a generator, readable once
        return Report(name, f"{name} must return a list of d (w1_k, b1_k, w2_k) triples, got a "
                            f"{type(got).__name__}", details)
    for k, shard in enumerate(got):  # planted: a float16 cast
        for what, a, want_dtype in zip(("w1_k", "b1_k", "w2_k"), shard if isinstance(shard, (list, tuple)) else (),
                                       (w1.dtype, b1.dtype, w2.dtype)):
            dtype = np.asarray(a).dtype
            if dtype != want_dtype:
                return Report(name, f"shard {k}'s {what} is {dtype}, the pair's weights are {want_dtype}: keep their "
                                    f"values and dtype (a cast rounds them)", details)
    try:
        shards = [tuple(np.asarray(a, dtype="float64") for a in shard) for shard in got]
    except (TypeError, ValueError):
        return Report(name, f"{name} must return a list of d (w1_k, b1_k, w2_k) triples, got {got!r:.80}", details)
    if len(shards) != d or any(len(s) != 3 for s in shards):
        return Report(name, f"{name}(..., d={d}) returned {len(shards)} shards; expected {d} triples (w1_k, b1_k, w2_k)",
                      details)
    want = [(in_dim, hidden // d), (hidden // d,), (hidden // d, out_dim)]
    for k, shard in enumerate(shards):
        shapes = [a.shape for a in shard]
        if shapes != want:
            return Report(name, f"shard {k} has shapes {shapes}, expected {want}: each device must hold h/d whole "
                                f"hidden units (its columns of w1 and b1, the same rows of w2)", details)
    reference = np.maximum(x @ w1.astype("float64") + b1, 0) @ w2.astype("float64")
    total = sum(np.maximum(x @ a + b, 0) @ c for a, b, c in shards)  # the all-reduce (sum)
    diff = float(np.max(np.abs(total - reference)))
    details["diff"] = diff
    if not diff <= 1e-4 * max(1.0, float(np.max(np.abs(reference)))):
        return Report(name, f"the summed partial outputs differ from the unsplit pair by {diff:.3g}: "
                            f"{_units_problem(shards, w1, b1, w2)}", details)
    exact = _units_problem(shards, w1, b1, w2, exact=True)
    if exact:
        return Report(name, f"the summed partial outputs are within {diff:.3g} of the unsplit pair, but {exact}",
                      details)
    # round 16 (q3_wrong_r16_nan_to_num_inplace: np.nan_to_num(copy=False) on the caller's arrays): the contract leaves
    # w1, b1 and w2 as they were given whatever their values; a pair holding NaN and inf (a diverged layer) split once
    # more, its arrays compared byte for byte after the call (NaN equal to NaN)
    bad = (w1.copy(), b1.copy(), w2.copy())
    bad[0][0, 0], bad[1][-1], bad[2][0, 0] = np.nan, np.inf, -np.inf
    sealed = [a.tobytes() for a in bad]
    kept, out = session_kept(name), None
    try:
        with kept:
            out = split_pair(*bad, d)
    except Exception:  # noqa: BLE001 - what it raises on such a pair is not this probe's rule
        if kept.changed:
            raise
    changed = [what for what, a, b in zip(("w1", "b1", "w2"), bad, sealed) if a.tobytes() != b]
    if changed:
        return Report(name, f"{name} changed the caller's {changed[0]} in place when it held NaN or inf (a diverged "
                            f"layer): the rule is w1, b1 and w2 left as they were given, whatever their values (a copy "
                            f"before any change; the shards hold the pair's own values, NaN and inf included)", details)
    # round 17 (q3_wrong_r17_nan_to_num: np.nan_to_num on the shards): the shards of that pair hold its values to the
    # bit too, NaN and inf included (NaN equal to NaN)
    try:
        odd_shards = [tuple(np.asarray(a, dtype=bad[0].dtype) for a in shard) for shard in out]
        exact = (_units_problem(odd_shards, *bad, exact=True)
                 if len(odd_shards) == d and all(len(sh) == 3 for sh in odd_shards)
                 and [tuple(a.shape) for a in odd_shards[0]] == [tuple(w) for w in want] else None)
    except (TypeError, ValueError):
        exact = None
    if exact:
        return Report(name, f"on a pair holding NaN and inf (a diverged layer), {exact}: the rule is the shards hold "
                            f"the weights' own values to the bit, whatever they are (no NaN or inf replaced)", details)
    odd = hidden + 1 if (hidden + 1) % d else hidden + 2
    # planted (issue 38, round 12, q3_wrong_r12_d_ignored_when_one): a divisibility test skipped when h // d == 0,
    # so d > h (d does not divide h either) returns empty shards: the width d - 1 (< d) is tried as well
    for width in ([odd, d - 1] if d > 1 else []):
        kept = session_kept(name)  # the learner's function, called directly: a changed session setting fails too
        # round 25 (q3_wrong_r25_flags_on_error_path: the caller's arrays made read-only while cut, put back only on
        # success): the arrays of the call that raises are left as given too, flags included
        invalid = (rng.normal(size=(in_dim, width)).astype("float32"), np.zeros(width, "float32"),
                   rng.normal(size=(width, out_dim)).astype("float32"))
        try:
            with kept:
                split_pair(*invalid, d)
        except ValueError:
            frozen = [what for what, a in zip(("w1", "b1", "w2"), invalid) if not a.flags.writeable]
            if frozen:
                return Report(name, f"with hidden width {width} and d={d} {name} raised ValueError as it should, but "
                                    f"left the caller's {frozen[0]} read-only (flags.writeable = False): the rule: w1, b1 "
                                    f"and w2 are left as they were given, flags included, on every path out (the "
                                    f"error's too: put a flag back in a finally, or never set it)", details)
        except Exception as err:  # noqa: BLE001  planted: an assert instead of ValueError (issue 38, round 3)
            if kept.changed:
                raise
            return Report(name, f"with hidden width {width} and d={d} {name} raised {type(err).__name__} ({err}); "
                                f"the contract is to raise ValueError when d does not divide the hidden width", details)
        else:
            return Report(name, f"with hidden width {width} and d={d} {name} returned shards{' of unequal width' if width > d else ''} "
                                f"instead of raising ValueError (d does not divide the hidden width"
                                f"{', d is larger than it' if width < d else ''})", details)
    return Report(name, None, details)


def _units_problem(shards, w1, b1, w2, exact: bool = False) -> str | None:
    """Which rule a numerically wrong split breaks (issue 38, round 3: the old message blamed mismatched
    rows for every mismatch): each shard holds the pair's own values, unchanged (columns of w1, entries of
    b1, rows of w2); of the same hidden units; each unit in exactly one shard."""
    def same(a, b):  # ``exact`` (round 4): to the bit, what a slice or an index gives (round 14: -0.0 is not +0.0)
        return (np.array_equal(a, b, equal_nan=True) and np.array_equal(np.signbit(a), np.signbit(b)) if exact else
                np.allclose(a, b, rtol=1e-6, atol=1e-7))

    def match(block, full):  # the index in ``full`` of each row of ``block``, or None
        return [next((j for j, row in enumerate(full) if same(row, b)), None) for b in block]

    seen = {}
    for k, (a, b, c) in enumerate(shards):
        cols, rows = match(a.T, w1.T), match(c, w2)
        if None in cols:
            signs = exact and all(any(np.array_equal(col, w) for w in w1.T) for col in a.T)  # equal but for a zero's sign
            return (f"shard {k}'s w1_k columns are not columns of w1 ({'a -0.0 made +0.0' if signs else 'scaled or changed?'}): "
                    f"each shard holds the pair's own values, unchanged{' (to the bit)' if exact else ''}")
        if None in rows:
            return (f"shard {k}'s w2_k rows are not rows of w2 (scaled or changed?): each shard holds the pair's own "
                    f"values, unchanged")
        if cols != rows:
            return f"shard {k}'s w2 rows do not belong to the same hidden units as its w1 columns"
        if not same(b, b1[cols]):
            return (f"shard {k}'s b1_k is not b1's entries of the hidden units it holds (b1[units], unchanged: not "
                    f"scaled or divided)")
        for unit in cols:
            if unit in seen:
                return (f"shards {seen[unit]} and {k} both hold hidden unit {unit}: each hidden unit belongs to "
                        f"exactly one shard (do the shards share one buffer?)")
            seen[unit] = k
    if exact and len(seen) == w1.shape[1]:
        return None
    return "the shards' hidden units do not add up to the pair's"


class _GradientCalls:
    """While entered: every ``tf.GradientTape.gradient`` call numbered (the class's method wrapped, put back on exit);
    ``current()`` is the number of the innermost call running in this thread (None outside any). Issue 38, round 19
    (q4_wrong_r19_one_backward_call_per_stage: one tape per stage over all its micro-batches, ONE tape.gradient per
    stage with a list of outputs and output_gradients): ``_Stage`` notes, per backward of a stage call, the
    tape.gradient call it ran in."""

    def __init__(self):
        self.count, self._local = 0, threading.local()

    def current(self):
        stack = getattr(self._local, "stack", None)
        return stack[-1] if stack else None

    def __enter__(self):
        from ..._tf import tf

        cls, calls = tf.GradientTape, self
        original = cls.__dict__["gradient"]

        @functools.wraps(original)
        def gradient(tape, *args, **kwargs):
            calls.count += 1
            stack = calls._local.__dict__.setdefault("stack", [])
            stack.append(calls.count)
            try:
                return original(tape, *args, **kwargs)
            finally:
                stack.pop()

        self._cls, self._original = cls, original
        cls.gradient = gradient
        return self

    def __exit__(self, *exc):
        self._cls.gradient = self._original
        return False


class _Stage(Recorder):
    """A stage, watched (``Recorder(..., backward=True)``) and, per backward of one of its calls, the
    ``tape.gradient`` call it ran in (``backward_calls``: (stage call, gradient call number))."""

    def __init__(self, target, calls: _GradientCalls):
        super().__init__(target, backward=True)
        object.__setattr__(self, "_calls", calls)
        object.__setattr__(self, "backward_calls", [])

    def _backward_seen(self, call):
        self.backward_calls.append((call, self._calls.current()))

    def shared_backward(self) -> list:
        """The stage calls (micro-batches) whose backwards ran in one tape.gradient call with another's, or []."""
        together = collections.defaultdict(set)
        for call, gradient in self.backward_calls:
            if gradient is not None:
                together[gradient].add(call)
        return next((sorted(calls) for calls in together.values() if len(calls) > 1), [])


def _returned_copies(got):
    """Issue 38, round 19 (the flaky "NumPy arrays still allocated" of a right answer): TensorFlow makes a tensor of a
    NumPy array without a copy when the array's buffer happens to be 64-byte aligned, so gradients summed in NumPy and
    handed back as tensors kept their arrays alive through the tensors, a varying share of them (128, 144, 300 bytes:
    whichever were aligned). What the call returns is the caller's: read inside ``numpy_kept``, the gradients are
    copied to NumPy (arrays it subtracts) and the learner's own objects let go before its count, so an array only a
    returned tensor holds is freed. ``got`` unchanged when it is no (loss, list of gradients) pair."""
    try:
        loss, grads = got
    except (TypeError, ValueError):
        return got
    if not isinstance(grads, (list, tuple)):
        return got
    try:
        return loss, [np.array(g) for g in grads]
    except (TypeError, ValueError):
        return got


def check_pipeline_gradients(pipeline_gradients, m: int, widths=(12, 16, 16, 10), num_stages: int = 3,
                             batch: int = 12, seed: int = 0, atol: float = 1e-5, devices=None,
                             frozen: int | None = None, refreeze: int | None = None, x_scale: float = 1.0,
                             weights_on=None) -> Report:
    """``pipeline_gradients(stages, devices, x, y, m)`` must return ``(loss, gradients)`` equal to
    one ``GradientTape`` over the unsplit model on the whole batch (mean cross-entropy; gradients
    stage by stage, in each stage's ``trainable_variables`` order). ``devices``: the stages' devices
    (``/CPU:0`` ... by default). Issue 38, round 4: the hidden cases hand them in reverse order, stage 0 on
    the last CPU (planted, tests/attacks/ex05/q4_wrong_r4_*: ``/CPU:s`` hard-coded for stage s, stage 0's
    forward on ``/CPU:0``, its backward under no device, where the default device is ``/CPU:0``).
    Round 5 (tests/attacks/ex05/q4_wrong_r5_*): ``frozen``, a stage whose layers are frozen (its weights are not
    trainable: planted, ``stage.weights`` for ``stage.trainable_variables``), and a second call on the same stages
    and batch must return the same numbers (planted: gradient sums kept in a module-level list). Round 9
    (tests/attacks/ex05/q4_wrong_r9_stage_vars_cached): ``refreeze``, that stage's ``trainable`` flipped after the
    second call, and a third call must return the gradients of the stages' trainable variables as they are then
    (planted: each stage's variable list cached by id on the first call). Round 15 (q4_wrong_r15_probs_clipped_ce: the
    cross-entropy of softmax probabilities, which Keras clips to [1e-7, 1 - 1e-7]): ``x_scale`` multiplies the batch's
    inputs (the hidden case: 10, where two examples' losses exceed -log(1e-7) = 16.1, so a clip moves loss and
    gradients). Round 18 (q4_wrong_r18_device_only_from_weights: each stage run under the device of its first weight,
    ``devices`` never read): ``weights_on``, the devices the stages' weights are made on when they are not ``devices``
    (the contract: ``devices[s]``, whichever device that is)."""
    from ... import data, parallel
    from ..._tf import tf

    name = "pipeline_gradients"
    devices = list(devices) if devices is not None else [f"/CPU:{i}" for i in range(num_stages)]
    pipe = parallel.Pipeline(widths, list(weights_on) if weights_on is not None else devices, seed=seed)
    if frozen is not None:
        pipe.stages[frozen].trainable = False  # its weights stay in the forward, out of trainable_variables
    x, y = data.synthetic(batch, shape=(widths[0],), num_classes=widths[-1], seed=seed)
    if x_scale != 1.0:
        x = (x * x_scale).astype(x.dtype)
    def unsplit():  # the reference: the unsplit model, one tape, whole batch
        with tf.GradientTape() as tape:
            h = tf.constant(x)
            for stage in pipe.stages:
                h = stage(h, training=True)
            loss_ = tf.reduce_mean(pipe.loss_fn(tf.constant(y), h))
        logits.append(h.numpy())
        return loss_, [g.numpy() for g in tape.gradient(loss_, pipe.variables)]

    logits = []

    ref_loss, ref = unsplit()
    # the contract: one micro-batch at a time, each stage's backward under its own device; round 19: each micro-batch's
    # backward through a stage a tape.gradient call of its own (``_Stage``, ``_GradientCalls``)
    gradient_calls = _GradientCalls()
    watched = [_Stage(stage, gradient_calls) for stage in pipe.stages]
    # round 12: every forward of each stage, through the watched call or not (stage.predict, its layers by hand)
    layer_watches = []
    try:
        for stage in pipe.stages:  # one at a time inside the try: a watch that fails to start leaves none behind
            layer_watches.append(watch_first_layer(stage))
        # round 10: the tapes the call makes, to see whether any outlives it; round 13: the NumPy arrays it leaves
        state = kept_state(pipeline_gradients)  # round 15 (q4_wrong_r15_keeps_last_tape_only): what the call keeps
        # round 19 (q4_wrong_r19_stage_threads_leak: a worker thread per stage, never stopped or joined): the threads
        # alive before the call. (q4_wrong_r19_recursive_backward_cycle: the backward a recursive inner function, a
        # reference cycle through its closure that holds the last micro-batch's activations until the garbage
        # collector runs): the collector is off during the call (it would free the cycle at a moment no one chooses)
        # and the stages' outputs still alive are read before anything collects
        threads_before, collecting = set(threading.enumerate()), gc.isenabled()
        gc.disable()
        try:
            with TapesWatched() as tapes, numpy_kept() as kept, gradient_calls, joins_watched() as joins:
                got = try_answer(pipeline_gradients, watched, devices, x, y, m)
                returned_type = type(got[1]) if isinstance(got, (list, tuple)) and len(got) == 2 else None
                # round 29 (q4_wrong_r29_numpy_gradients: ``g.numpy()`` of each sum): the kind of each gradient, read
                # before ``_returned_copies`` makes them all NumPy arrays
                not_tensors = ([(k, type(g).__name__) for k, g in enumerate(got[1]) if not tf.is_tensor(g)]
                               if returned_type is not None and issubclass(returned_type, (list, tuple)) else [])
                uncollected = [s for s, stage in enumerate(watched)
                               if any(ref() is not None for _, refs in stage.outputs for ref in refs)]
                got = _returned_copies(got)
        finally:
            if collecting:
                gc.enable()
        # stop 64 (as 09 q3 since round 26): and the threads it started and never joined (``joins_watched``: a pool
        # shut down with wait=False may or may not have ended by then, a race the read above alone cannot assert)
        threads_left = threads_started_since(threads_before) or unjoined(joins)
    finally:
        for _, undo in layer_watches:
            undo()
    layer_sizes = [sizes() for sizes, _ in layer_watches]
    if got is None:
        return Report(name, not_solved(name))
    kept_bytes = kept.bytes(got)
    if returned_type is not None and not issubclass(returned_type, (list, tuple)):
        # round 19 (q4_wrong_r19_lazy_backward: the gradients handed back as a generator): the type first, before a
        # read uses it up
        return Report(name, f"{name} returned the gradients as a {returned_type.__name__}, not a list: the rule is the "
                            f"same return value as the function given, (loss, gradients) with gradients a list of "
                            f"values the caller can read more than once (not a generator or other lazy iterator)")
    try:
        loss, grads = got
        grads = [np.asarray(g) for g in grads]
        given_loss, loss = loss, float(loss)
    except (TypeError, ValueError):
        return Report(name, f"{name} must return (loss, gradients), got {got!r:.80}")
    if not isinstance(given_loss, float):  # round 15 (q4_wrong_r15_float32_loss_sum): a float32 tensor returned
        return Report(name, f"{name} returned the loss as a {type(given_loss).__name__}: the rule is the same return value "
                            f"as the function given: the loss a Python float (float(...) of the mean), not a tensor or "
                            f"an array")
    if len(grads) != len(ref):
        weights = sum(len(stage.weights) for stage in pipe.stages)
        note = (f" (the stages have {weights} weights, {weights - len(ref)} of them frozen: not trainable)"
                if weights != len(ref) else "")
        return Report(name, f"{name} returned {len(grads)} gradients; expected {len(ref)}, one per variable of each "
                            f"stage's trainable_variables, in stage order{note}")
    if any(g.shape != r.shape for g, r in zip(grads, ref)):  # planted: the stages in reverse order
        return Report(name, f"{name} returned {len(grads)} gradients of shapes {[g.shape for g in grads]}, but the "
                            f"weights' shapes in stage order are {[r.shape for r in ref]}: stage 0's gradients first, "
                            f"then stage 1's, ..., each stage's in its trainable_variables order")
    wide = [(k, str(g.dtype)) for k, (g, r) in enumerate(zip(grads, ref)) if g.dtype != r.dtype]
    if wide:  # round 16 (q4_wrong_r16_float64_grads: the sums kept and returned as float64 tensors)
        return Report(name, f"{name} returned gradient {wide[0][0]} as {wide[0][1]}, not {ref[0].dtype}: the rule is the "
                            f"gradients of one GradientTape over the unsplit model, which are {ref[0].dtype} like the "
                            f"weights (accumulated and returned in their own dtype, not cast)")
    per_stage, k = [], 0
    for stage in pipe.stages:
        n = len(stage.trainable_variables)
        per_stage.append(max((float(np.max(np.abs(g - r))) for g, r in zip(grads[k:k + n], ref[k:k + n])),
                             default=0.0))  # a frozen stage has no gradient
        k += n
    flat_g = np.concatenate([g.ravel() for g in grads])
    flat_r = np.concatenate([r.ravel() for r in ref])
    ratio = float(flat_g @ flat_r / (flat_r @ flat_r))
    details = {"m": m, "per_stage_diff": per_stage, "ratio": ratio, "loss": loss, "ref_loss": float(ref_loss),
               "call_sizes": [list(w.sizes) for w in watched]}
    if max(per_stage) <= atol and abs(loss - float(ref_loss)) <= atol:
        for s, stage in enumerate(watched):
            broken = (micro_batch_problem(name, stage.sizes, batch, batch // m, what=f"stage {s}")
                      or device_problem(name, stage.events, devices[s], what=f"stage {s}")
                      or training_problem(name, stage.flags, what=f"stage {s}"))
            if broken:
                return Report(name, f"the numbers are right, but {broken}", details)
        for s, stage in enumerate(watched):  # round 19 (q4_wrong_r19_one_backward_call_per_stage)
            together = stage.shared_backward()
            if together:
                return Report(name, f"the numbers are right, but the backwards of micro-batches {together} through stage "
                                    f"{s} ran in one tape.gradient call: the rule is one micro-batch at a time, backward "
                                    f"too: each micro-batch's backward through a stage is a tape.gradient call of its "
                                    f"own (not one call over several micro-batches' outputs)", details)
        # round 15 (q4_wrong_r15_loss_outside_device): the loss computed after the last stage's tape, on the default
        # device, its gradient handed in as output_gradients: the gradient reaching the last stage's output was made
        # off its device (a right answer's is made by the loss's backward in the last stage's tape.gradient)
        want = tf.DeviceSpec.from_string(devices[-1])
        for _, where in watched[-1].incoming:
            got_spec = tf.DeviceSpec.from_string(where or "")
            if where and (got_spec.device_type, got_spec.device_index) != (want.device_type, want.device_index):
                return Report(name, f"the numbers are right, but the gradient that reached the last stage's output was "
                                    f"made on {got_spec.device_type}:{got_spec.device_index}, not on its device "
                                    f"{devices[-1]}: the rule is every stage's forward and backward under its own "
                                    f"device; the loss belongs to the last stage's forward (in its tape, under its "
                                    f"device), its gradient to that stage's backward", details)
        # planted (issue 38, round 12: q4_wrong_r12_{per_example,half_micro}: m ignored, one example or half a
        # micro-batch per pass; q4_wrong_r12_predict_whole_batch: stage.predict on the whole batch after the right
        # loop, outside the watched call): every forward of a stage, seen at its first layer, runs on exactly one of
        # the m micro-batches (batch / m examples; round 19, below: and one forward per micro-batch, no second pass)
        for s, sizes in enumerate(layer_sizes if batch % m == 0 else []):
            off = [k for k in sizes if k != batch // m]
            if off:
                shown = f"{sizes}" if len(sizes) <= 8 else f"[{', '.join(map(str, sizes[:6]))}, ...]"
                return Report(name, f"the numbers are right, but stage {s}'s layers ran forward passes of {shown} "
                                    f"examples: the contract is m={m} micro-batches of {batch // m} examples ({batch} / "
                                    f"{m}), every forward of a stage on exactly one micro-batch (not smaller pieces, not "
                                    f"the whole batch, e.g. a stage.predict to log the loss)", details)
        # round 19 (q4_wrong_r19_second_untaped_forward: the loss returned from a second pass of every micro-batch
        # through the stages, outside any tape): the forwards of each stage counted at its first layer
        for s, sizes in enumerate(layer_sizes):
            if len(sizes) != m:
                return Report(name, f"the numbers are right, but stage {s}'s layers ran {len(sizes)} forward passes for "
                                    f"m={m} micro-batches: the rule is exactly one forward per stage per micro-batch "
                                    f"(the one its tape records; no second pass, e.g. to compute the loss to return)",
                              details)
        if threads_left:  # round 19 (q4_wrong_r19_stage_threads_leak)
            return Report(name, f"the numbers are right, but after {name} returned, {len(threads_left)} thread(s) it "
                                f"started were still running or never joined ({', '.join(t.name for t in threads_left[:4])}): the rule "
                                f"is "
                                f"it keeps nothing once it has returned: every thread it starts is stopped and joined "
                                f"before it returns", details)
        # planted (issue 38, round 10: q4_wrong_r10_module_kept_tapes): every call's persistent tapes (and with them
        # the micro-batches' activations) kept in a module-level dict never cleared; the numbers of every call are
        # right. Observed: a tape made during the call that still holds its recording once the call has returned
        kept_problem = kept_state_problem(name, state, pipeline_gradients)
        if kept_problem:  # round 15 (q4_wrong_r15_keeps_last_tape_only: the last tape set on the function)
            return Report(name, f"the numbers are right, but {kept_problem} (no tape or activation of a call is held "
                                f"once it has returned)", details)
        kept = tapes.holding(tapes.entered)
        if kept:
            return Report(name, f"the numbers are right, but after {name} returned, {len(kept)} of the "
                                f"{len(tapes.entered)} GradientTapes it made still held their recordings (the "
                                f"micro-batches' activations): something that outlives the call (a module-level dict or "
                                f"list) keeps them. The contract: it keeps nothing between calls; each tape is let go "
                                f"after its backward", details)
        # planted (issue 38, round 11: q4_wrong_r11_global_debug): the last micro-batch's tapes (non-persistent: they
        # let go of their recordings) and activations kept in a module-level variable "for debugging". Observed: an
        # output a stage handed back during the call still alive once the call has returned (garbage collected first)
        outlived = [s for s, stage in enumerate(watched) if stage.alive()]
        if outlived:
            return Report(name, f"the numbers are right, but after {name} returned, the activations (outputs) of "
                                f"stage(s) {outlived} were still held: something that outlives the call (a module-level "
                                f"or global variable, kept \"for debugging\") keeps them. The contract: no tape or "
                                f"activation of a call is held once it has returned; it keeps nothing between calls",
                          details)
        if uncollected:  # round 19 (q4_wrong_r19_recursive_backward_cycle), read before any garbage collection
            return Report(name, f"the numbers are right, but when {name} returned, the activations (outputs) of "
                                f"stage(s) {uncollected} were still held, by a reference cycle (a recursive inner "
                                f"function, objects that point at each other) that only the garbage collector frees, "
                                f"whenever it runs: the rule is no tape or activation of a call is held once it has "
                                f"returned; let them go as the call ends (no cycle through them)", details)
        # planted (issue 38, round 13: q4_wrong_r13_{numpy_activations_kept,grads_numpy_global}): every stage's
        # activations (or input gradients) copied to NumPy and kept in a module-level dict: no tensor outlives the call.
        # Observed: the NumPy bytes the call leaves allocated beyond what it returns, above 1/32 of one micro-batch's
        # activations (a right answer leaves none)
        activations = (batch // m) * sum(widths[1:]) * 4
        if kept_bytes > activations / 32:
            return Report(name, f"the numbers are right, but after {name} returned, {kept_bytes} bytes of NumPy arrays "
                                f"made during the call were still allocated (one micro-batch's activations are about "
                                f"{activations}): copies of activations or gradients kept (in a module-level dict?). The "
                                f"contract: no tape or activation of a call is held once it has returned; it keeps "
                                f"nothing between calls", details)
        # round 27 (q4_wrong_r27_tape_kept_on_stage: each micro-batch's tape set as an attribute of the stage it was
        # handed, ``stage._pipeline_tape``, read back for the backward and left there): a spent non-persistent tape
        # holds no recording, so ``holding`` and the activations read above see nothing. Observed: an attribute the
        # call set on a stage still there once it has returned (``Recorder.attributes_set``, the model's own dict), and
        # any GradientTape the call made still alive (garbage collected first), wherever it is kept
        left = [(s, attr) for s, stage in enumerate(watched) for attr in dict.fromkeys(stage.attributes_set)
                if attr != "trainable" and attr in getattr(pipe.stages[s], "__dict__", {})]
        if left:
            s, attr = left[0]
            held = type(vars(pipe.stages[s])[attr]).__name__
            return Report(name, f"the numbers are right, but after {name} returned, stage {s} it was given still had "
                                f"the attribute {attr!r} ({held}) the call set on it: state kept on the caller's "
                                f"models. The contract: it keeps nothing between calls (no tape, activation or thread "
                                f"of a call is held once it has returned); keep what a call needs in its own local "
                                f"variables", details)
        spent = [ref for ref in tapes.entered if ref() is not None]
        if spent:
            gc.collect()  # only then: a tape in a reference cycle is kept by no one
            spent = [ref for ref in tapes.entered if ref() is not None]
        if spent:
            return Report(name, f"the numbers are right, but after {name} returned, {len(spent)} of the "
                                f"{len(tapes.entered)} GradientTapes it made were still held (by something that outlives "
                                f"the call: a module-level variable, an object it was given, an attribute): the "
                                f"contract: no tape, activation or thread of a call is held once it has returned, even a "
                                f"tape whose gradient was taken; it keeps nothing between calls", details)
        again = try_answer(pipeline_gradients, watched, devices, x, y, m)  # planted (round 5): sums kept between calls
        try:
            again_diff = max(float(np.max(np.abs(np.asarray(g) - r))) for g, r in zip(again[1], ref))
        except (TypeError, ValueError, IndexError):
            again_diff = None
        if again_diff is None or not again_diff <= atol:
            return Report(name, f"{name}: a second call with the same stages and batch returned "
                                f"{'something else' if again_diff is None else f'gradients {again_diff:.3g} away from the first'}: "
                                f"something is kept between calls (gradient sums, a cache); every call starts from zero",
                          details)
        if refreeze is not None:
            stage = pipe.stages[refreeze]
            stage.trainable = not stage.trainable
            how = "frozen" if not stage.trainable else "made trainable again"
            _, ref = unsplit()
            third = try_answer(pipeline_gradients, watched, devices, x, y, m)
            try:
                third = [np.asarray(g) for g in third[1]]
                third_diff = (max((float(np.max(np.abs(g - r))) for g, r in zip(third, ref)), default=0.0)
                              if len(third) == len(ref) and all(g.shape == r.shape for g, r in zip(third, ref)) else None)
            except (TypeError, ValueError, IndexError):
                third, third_diff = None, None
            if third_diff is None or not third_diff <= atol:
                told = ("returned something else" if third is None else
                        f"returned {len(third)} gradients for {len(ref)} trainable variables" if third_diff is None else
                        f"returned gradients {third_diff:.3g} away from the unsplit model's")
                return Report(name, f"{name}: after stage {refreeze} was {how} between two calls, the next call {told}: "
                                    f"each stage's trainable variables are read on every call (stage.trainable_variables "
                                    f"as it is then; a list kept from an earlier call goes stale): nothing is kept between "
                                    f"calls", details)
        if not_tensors:  # round 29 (q4_wrong_r29_numpy_gradients: ``g.numpy()`` of each sum): named last, the numbers
            k, kind = not_tensors[0]  # and the contract's other rules all met
            return Report(name, f"the numbers are right, but {name} returned gradient {k} as a {kind}, not a tensor: the "
                                f"rule is the same return value as the function given, gradients that are TensorFlow "
                                f"tensors as tape.gradient gives them (summed as tensors, or handed back through "
                                f"tf.constant: not NumPy arrays or lists)", details)
        return Report(name, None, details)
    if m > 1 and abs(ratio - m) < 1e-3 * m:
        return Report(name, f"the gradients are {ratio:.3g} x the unsplit model's (m={m} micro-batches)", details)
    if per_stage[-1] <= atol and max(per_stage[:-1]) > atol:
        bad = [s for s, dgr in enumerate(per_stage[:-1]) if dgr > atol]
        return Report(name, f"the last stage's gradients are right but stage(s) {bad} differ by up to "
                            f"{max(per_stage):.3g}: the error enters between stages", details)
    z = np.asarray(logits[0], dtype=np.float64)
    probs = np.exp(z - z.max(axis=1, keepdims=True))
    probs /= probs.sum(axis=1, keepdims=True)
    clipped = float(np.mean(-np.log(np.clip(probs[np.arange(len(y)), y], 1e-7, 1 - 1e-7))))
    if abs(loss - clipped) <= 1e-4 < abs(clipped - float(ref_loss)):
        # round 15 (q4_wrong_r15_probs_clipped_ce: from_logits=False on softmax probabilities, clipped by Keras)
        return Report(name, f"the loss is {loss:.6f}, the cross-entropy of probabilities clipped to [1e-7, 1 - 1e-7], not "
                            f"{float(ref_loss):.6f}: the rule is the mean cross-entropy of the logits (from_logits=True, as "
                            f"the function given); a probability below 1e-7 (a loss above 16.1) loses its value and its "
                            f"gradient in the clip", details)
    if max(per_stage) <= atol:
        return Report(name, f"the gradients are right but the loss is {loss:.6f}, not {float(ref_loss):.6f} (the mean "
                            f"over the whole batch)", details)
    # round 12 (q4_wrong_r12_global_microbatches: the notebook's MICRO_BATCHES for the argument m): name the count
    first = watched[0].sizes
    count = (f": stage 0 ran on micro-batches of {first[:8]} examples, the contract is m={m} micro-batches of "
             f"{batch // m} examples, every example once (is m the argument, not a notebook constant?)"
             if batch % m == 0 and first and set(first) != {batch // m} else "")
    return Report(name, f"the gradients differ from the unsplit model by up to {max(per_stage):.3g} "
                        f"(per stage {[f'{v:.2g}' for v in per_stage]}){count}", details)
