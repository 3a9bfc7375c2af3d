"""Exercise 07's checks against the solution, the untouched stub and the classic wrong answers."""

import copy
import inspect
import re
import statistics

import numpy as np
import pytest

import blind

from gpukit.course.exercises import ex07, is_stub, require


# --------------------------------------------------------------------------- q1

def solution_steady(step, batches, warmup, clock):
    times = []
    for i, batch in enumerate(batches):
        start = clock()
        step(batch)
        if i >= warmup:
            times.append(clock() - start)
    return statistics.median(times)


def stub_steady(step, batches, warmup, clock):
    """Median seconds per step after warm-up."""
    ...


def buggy_steady(step, batches, warmup, clock):   # the notebook's given code: one stopwatch, tracing included
    start = clock()
    n = 0
    for batch in batches:
        step(batch)
        n += 1
    return (clock() - start) / n


def mean_steady(step, batches, warmup, clock):
    times = []
    for i, batch in enumerate(batches):
        start = clock()
        step(batch)
        if i >= warmup:
            times.append(clock() - start)
    return statistics.mean(times)


def skips_warmup_steps(step, batches, warmup, clock):
    times = []
    for i, batch in enumerate(batches):
        if i < warmup:
            continue
        start = clock()
        step(batch)
        times.append(clock() - start)
    return statistics.median(times)


@pytest.mark.parametrize("case", ["public", "hidden"])
def test_q1_solution_passes(case):
    assert ex07.check_steady_step(solution_steady, case).passed


def test_q1_stub_is_not_solved():
    assert is_stub(stub_steady)
    report = ex07.check_steady_step(stub_steady)
    assert report.problem.startswith("not solved yet: steady_step_seconds")


@pytest.mark.parametrize("case", ["public", "hidden"])
def test_q1_the_given_bug_is_named(case):
    report = ex07.check_steady_step(buggy_steady, case)
    assert "includes the first (tracing) and warm-up steps" in report.problem
    with pytest.raises(AssertionError, match="tracing"):
        require(report)


@pytest.mark.parametrize("case", ["public", "hidden"])
def test_q1_mean_and_skipped_warmup_are_caught(case):
    assert "mean of the timed steps" in ex07.check_steady_step(mean_steady, case).problem
    assert "every batch must run once" in ex07.check_steady_step(skips_warmup_steps, case).problem
    assert "not a number" in ex07.check_steady_step(lambda *a: "fast", case).problem


# --------------------------------------------------------------------------- q2

def test_q2_solution_and_classic_mistakes():
    p = ex07.PREDICTION
    nbytes, bw, lat, n = 4 * p["params"], p["bandwidth_GBps"] * 1e9, p["latency_us"] * 1e-6, p["num_replicas"]
    right = 1e3 * (2 * (n - 1) / n * nbytes / bw + 2 * (n - 1) * lat)   # computed independently of gpukit.bench
    steps = 1e3 * sum(lat + nbytes / n / bw for _ in range(2 * (n - 1)))  # the ring, step by step
    assert ex07.check_allreduce_prediction(steps).passed
    assert ex07.check_allreduce_prediction(right).passed
    assert ex07.check_allreduce_prediction(round(right, 2)).passed
    assert ex07.check_allreduce_prediction(None).problem.startswith("not solved yet")
    assert ex07.check_allreduce_prediction(...).problem.startswith("not solved yet")
    assert "pays the latency once" in ex07.check_allreduce_prediction(1e3 * (2 * (n - 1) / n * nbytes / bw + lat)).problem
    assert "send the gradients once" in ex07.check_allreduce_prediction(1e3 * (nbytes / bw + lat)).problem
    assert "4x too small" in ex07.check_allreduce_prediction(
        1e3 * (2 * (n - 1) / n * p["params"] / bw + 2 * (n - 1) * lat)).problem
    assert "factor of 1000" in ex07.check_allreduce_prediction(right / 1e3).problem
    assert "leaves out the latency" in ex07.check_allreduce_prediction(1e3 * 2 * (n - 1) / n * nbytes / bw).problem
    assert "8x too many bytes" in ex07.check_allreduce_prediction(
        1e3 * (2 * (n - 1) / n * 8 * nbytes / bw + 2 * (n - 1) * lat)).problem
    assert "not what the ring" in ex07.check_allreduce_prediction(right * 1.5).problem


# --------------------------------------------------------------------------- q3

def solution_bottleneck(step, batches, clock):
    input_s = compute_s = 0.0
    it = iter(batches)
    while True:
        start = clock()
        try:
            batch = next(it)
        except StopIteration:
            break
        read = clock()
        step(batch)
        compute_s += clock() - read
        input_s += read - start
    return "input" if input_s > compute_s else "compute"


def stub_bottleneck(step, batches, clock):
    ...


def compute_includes_input(step, batches, clock):   # the classic mistake: the step timed with its reads
    start = clock()
    for _ in batches:
        pass
    input_s = clock() - start
    start = clock()
    for batch in batches:
        step(batch)
    compute_s = clock() - start
    return "input" if input_s > compute_s else "compute"


@pytest.mark.parametrize("case", ["public", "hidden"])
def test_q3_solution_passes(case):
    assert ex07.check_find_bottleneck(solution_bottleneck, case).passed


def test_q3_stub_is_not_solved():
    assert ex07.check_find_bottleneck(stub_bottleneck).problem.startswith("not solved yet: find_bottleneck")


@pytest.mark.parametrize("case", ["public", "hidden"])
def test_q3_timing_the_step_with_its_input_is_caught(case):
    problem = ex07.check_find_bottleneck(compute_includes_input, case).problem
    assert "input-bound run" in problem and "called compute-bound" in problem
    assert "read the batches once" in problem


def test_q3_other_wrong_answers():
    assert "'input' or 'compute'" in ex07.check_find_bottleneck(lambda s, b, c: "gpu").problem
    assert "called" in ex07.check_find_bottleneck(lambda s, b, c: "compute").problem
    assert "step ran 0 times" in ex07.check_find_bottleneck(lambda s, b, c: "input").problem


# --------------------------------------------------------------------------- issue 28's audit: correct alternatives

def steady_indexed_and_sorted(step, batches, warmup, clock):
    """Another correct q1: the batches counted by hand, the middle of the sorted times by hand (round 17: it walked a
    list(batches) by index, which reads ahead)."""
    times = []
    i = -1
    for batch in batches:
        i += 1
        t0 = clock()
        step(batch)
        if i >= warmup:
            times.append(clock() - t0)
    times.sort()
    mid = len(times) // 2
    return times[mid] if len(times) % 2 else (times[mid - 1] + times[mid]) / 2


def steady_median_low(step, batches, warmup, clock):
    """Counted correct by issue 28's audit; wrong since issue 38, round 3: the prompt says the median (with an even
    count, the mean of the two middle ones), and the hidden case has an even count of steady steps."""
    times = []
    for i, batch in enumerate(batches):
        t0 = clock()
        step(batch)
        times.append(clock() - t0)
    return statistics.median_low(times[warmup:])


@pytest.mark.parametrize("case", ["public", "hidden"])
def test_q1_correct_alternatives_pass(case):
    report = ex07.check_steady_step(steady_indexed_and_sorted, case)
    assert report.passed, report.problem


def test_q1_a_middle_step_of_an_even_count_is_not_the_median():
    assert ex07.check_steady_step(steady_median_low, "public").passed          # odd counts cannot tell
    problem = ex07.check_steady_step(steady_median_low, "hidden").problem
    assert "takes one of the two middle steps of an even count (6 steady steps)" in problem
    assert "the mean of the two middle ones" in problem


def steady_drops_the_slowest(step, batches, warmup, clock):
    """Leaves out the `warmup` slowest steps, not the first `warmup`: right whenever the warm-up steps are slowest."""
    times = []
    for batch in batches:
        start = clock()
        step(batch)
        times.append(clock() - start)
    return statistics.median(sorted(times)[:len(times) - warmup])


def test_q1_leaving_out_the_slowest_steps_is_caught():
    assert ex07.check_steady_step(steady_drops_the_slowest, "public").passed   # the warm-up steps are the slowest there
    problem = ex07.check_steady_step(steady_drops_the_slowest, "hidden").problem
    assert "leaves out the slowest steps instead of the first 2" in problem and "whatever they cost" in problem


def test_q1_one_step_too_many_left_out_is_named_with_its_twin():
    def skip_one_more(step, batches, warmup, clock):
        times = []
        for batch in batches:
            start = clock()
            step(batch)
            times.append(clock() - start)
        return statistics.median(times[warmup + 1:])

    problem = ex07.check_steady_step(skip_one_more, "hidden").problem
    assert "leaves out 1 steady step too many (the first 5, not the first 4)" in problem
    assert "keeps 1 of the 4 warm-up steps" in problem and "the check cannot tell which" in problem


def bottleneck_with_totals_per_batch(step, batches, clock):
    """Another correct q3: per-batch times in lists, summed at the end, the comparison the other way round."""
    reads, steps = [], []
    it = iter(batches)
    while True:
        t0 = clock()
        try:
            batch = next(it)
        except StopIteration:
            break
        t1 = clock()
        step(batch)
        t2 = clock()
        reads.append(t1 - t0)
        steps.append(t2 - t1)
    return "compute" if sum(steps) >= sum(reads) else "input"


@pytest.mark.parametrize("case", ["public", "hidden"])
def test_q3_correct_alternative_passes(case):
    report = ex07.check_find_bottleneck(bottleneck_with_totals_per_batch, case)
    assert report.passed, report.problem


# --------------------------------------------------------------------------- issue 28's audit: contracts about how

def steady_with_perf_counter(step, batches, warmup, clock):
    """Times with time.perf_counter instead of the clock it is given: on the fake clock it measures nothing."""
    import time

    times = []
    for i, batch in enumerate(batches):
        start = time.perf_counter()
        step(batch)
        if i >= warmup:
            times.append(time.perf_counter() - start)
    return statistics.median(times)


def steady_reversed(step, batches, warmup, clock):
    """Every batch once, but from the last to the first."""
    times = []
    for i, batch in enumerate(reversed(list(batches))):
        start = clock()
        step(batch)
        if i >= warmup:
            times.append(clock() - start)
    return statistics.median(times)


def steady_with_bench(step, batches, warmup, clock):
    """Another correct q1: lesson 07's gpukit.bench.time_steps with the given clock, every batch timed."""
    from gpukit import bench

    batches = list(batches)
    return bench.time_steps(step, batches, warmup=warmup, repeats=len(batches) - warmup, clock=clock).median_s


@pytest.mark.parametrize("case", ["public", "hidden"])
def test_q1_the_library_timer_reads_ahead(case):
    """Right until round 17, whose ruling made "each batch stepped as it comes: do not read ahead" the contract:
    bench.time_steps needs the count of batches first (list(batches))."""
    problem = ex07.check_steady_step(steady_with_bench, case).problem
    assert problem and "the rule: each batch is stepped as it comes" in problem, problem


@pytest.mark.parametrize("answer, says", [
    (steady_with_perf_counter, "never read clock(): time with the clock it is given"),
    (steady_reversed, "step ran every batch once, but not in the order batches gives them"),
])
@pytest.mark.parametrize("case", ["public", "hidden"])
def test_q1_contracts_about_how_are_observed(answer, says, case):
    report = ex07.check_steady_step(answer, case)
    assert not report.passed and says in report.problem, report.problem


def test_q2_the_number_from_a_gpukit_call_is_caught():
    """The prompt says "no gpukit call": the setup cell's import of ex07 watches bench.ring_allreduce_seconds, and
    each notebook (here: a namespace named __main__, as a kernel's and tests/blind.py's) keeps its own record."""
    from gpukit import bench

    answer = ("from gpukit import bench\n"
              "PREDICTED_ALLREDUCE_MS = 1e3 * bench.ring_allreduce_seconds(4 * 50e6, 8, 25e9, 20e-6)\n")
    check = "report = ex07.check_allreduce_prediction(PREDICTED_ALLREDUCE_MS)\n"
    called = {"__name__": "__main__", "ex07": ex07}
    exec(answer + check, called)
    assert "is what gpukit.bench.ring_allreduce_seconds returned in this notebook" in called["report"].problem
    assert "no gpukit call" in called["report"].problem
    exec(check, called)                                   # checking again (otter's hidden test after the public one)
    assert not called["report"].passed
    by_hand = {"__name__": "__main__", "ex07": ex07, "PREDICTED_ALLREDUCE_MS": called["PREDICTED_ALLREDUCE_MS"]}
    exec(check, by_hand)                                  # another notebook, the same number worked out by hand
    assert by_hand["report"].passed, by_hand["report"].problem
    assert bench.ring_allreduce_seconds(8.0, 1, 1.0) == 0.0   # the wrapper changes nothing else


@pytest.mark.parametrize("value, says", [
    (7.28, "one trip round the ring instead of two (reduce-scatter, then all-gather), or 2-byte gradients"),
    (1e3 * (14 * 20e-6 + 14 * 200e6 / 25e9), "gigaBITS per second, or the whole buffer sent at every step"),
    (14.294, "is not what the ring all-reduce cost model gives"),            # three decimals: not "rounded too much"
])
def test_q2_slips_that_share_a_number_are_all_named(value, says):
    report = ex07.check_allreduce_prediction(value)
    assert not report.passed and says in report.problem, report.problem


def test_q2_other_forms_of_the_right_number_pass():
    import numpy as np

    p = ex07.PREDICTION
    nbytes, bw, lat, n = 4 * p["params"], p["bandwidth_GBps"] * 1e9, p["latency_us"] * 1e-6, p["num_replicas"]
    assert ex07.check_allreduce_prediction(np.float64(1e3 * 2 * (n - 1) * (lat + nbytes / n / bw))).passed
    assert ex07.check_allreduce_prediction(14.28).passed  # two decimals, as the prompt asks


@pytest.mark.parametrize("value, says", [
    (14.3, "rounded too much: write at least two decimals"),
    (14.2, "rounded too much"),                                              # cut, not rounded
    (1e3 * (7 / 8 * 2e8 / 25e9) + 7 * 0.020, "one trip round the ring; an all-reduce goes round twice"),
    (1e3 * (2 * 2e8 / 25e9) + 14 * 0.020, "counts n = 8 steps per trip round the ring; a ring of 8 devices takes "
                                          "n - 1 = 7"),
    (1e3 * (2 * 7 / 8 * 2e8 / (25 * 2**30)) + 14 * 0.020, r"takes a GB as 2\*\*30 bytes"),
    ("14.28", "is not a number of milliseconds"),                             # a string used to pass
])
def test_q2_more_slips_are_named(value, says):
    report = ex07.check_allreduce_prediction(value)
    assert not report.passed and re.search(says, report.problem), report.problem


def bottleneck_two_passes(step, batches, clock):
    """The right answer, the forbidden way: one pass to time the reads, a second pass for the steps."""
    start = clock()
    for _ in batches:
        pass
    input_s = clock() - start
    compute_s = 0.0
    for batch in batches:
        start = clock()
        step(batch)
        compute_s += clock() - start
    return "input" if input_s > compute_s else "compute"


def bottleneck_with_perf_counter(step, batches, clock):
    import time

    start = time.perf_counter()
    kept = list(batches)
    input_s = time.perf_counter() - start
    start = time.perf_counter()
    for batch in kept:
        step(batch)
    return "input" if input_s > time.perf_counter() - start else "compute"


@pytest.mark.parametrize("answer, says", [
    (bottleneck_two_passes, "the answer is right, but find_bottleneck iterated batches 2 times: the contract is one "
                            "pass"),
    (bottleneck_with_perf_counter, "find_bottleneck never read clock(): time both parts with the clock it is given"),
])
@pytest.mark.parametrize("case", ["public", "hidden"])
def test_q3_contracts_about_how_are_observed(answer, says, case):
    report = ex07.check_find_bottleneck(answer, case)
    assert not report.passed and says in report.problem, report.problem


def test_q3_each_batch_is_stepped():
    def same_batch(step, batches, clock):
        start = clock()
        kept = list(batches)
        input_s = clock() - start
        start = clock()
        for _ in kept:
            step(kept[0])
        return "input" if input_s > clock() - start else "compute"

    problem = ex07.check_find_bottleneck(same_batch).problem
    assert "step was given the batches [0, 0, 0, 0, 0, 0] of the 6 batches" in problem
    assert "run step once on each batch" in problem


def test_q3_one_step_too_many_is_named():
    def warm_first(step, batches, clock):
        start = clock()
        kept = list(batches)
        input_s = clock() - start
        step(kept[0])                      # an untimed warm-up step (lesson 07's timer runs one), then n timed
        start = clock()
        for batch in kept:
            step(batch)
        return "input" if input_s > clock() - start else "compute"

    report = ex07.check_find_bottleneck(warm_first)
    assert not report.passed and "the answer is right, but step ran 7 times for 6 batches" in report.problem


# --------------------------------------------------------------------------- blind answers (issue 38)


@pytest.mark.parametrize("path", blind.answers("07"), ids=lambda p: p.stem)
def test_blind_answers_lose_or_keep_their_points(path):
    """Answers written by someone who never saw the solution or these checks (tests/attacks/ex07),
    graded in-process by the question's public and hidden tests (tests/blind.py): each wrong one loses
    its question's points with a reason, each right one keeps them."""
    as_expected, message = blind.check_answer(path)
    assert as_expected, f"{path.name}: {message or 'kept its points'}"


# --------------------------------------------------------------------------- issue 38, round 4: process-wide state


def test_a_setting_left_changed_is_named_and_put_back():
    """The planted bug: gc.disable() left on (a blind round-4 answer). try_answer's session_kept names it and
    turns the collector back on, so the next check (and the learner's next cell) runs as before."""
    import gc

    def steady_gc_off(step, batches, warmup, clock):
        gc.disable()
        return solution_steady(step, batches, warmup, clock)

    assert gc.isenabled()
    with pytest.raises(AssertionError, match="steady_gc_off changed the garbage collector") as error:
        ex07.check_steady_step(steady_gc_off)
    assert "leaves the session as it found it" in str(error.value)
    assert gc.isenabled()


def test_state_kept_between_calls_is_named():
    def steady_remembers(step, batches, warmup, clock, _times=[]):
        for i, batch in enumerate(batches):
            start = clock()
            step(batch)
            if i >= warmup:
                _times.append(clock() - start)
        return statistics.median(_times)

    problem = ex07.check_steady_step(steady_remembers).problem
    assert "for the same steps timed again" in problem and "the answer depends only on this call's steps" in problem


# --------------------------------------------------------------------------- issue 38, round 7


@pytest.mark.parametrize("digits, says", [(3, "rounded to 3 decimals"), (4, "rounded to 4 decimals")])
def test_q1_a_rounded_median_is_named(digits, says):
    """The planted bug: the median rounded (round 7's blind answers); the fake costs have ten significant digits."""
    def rounded(step, batches, warmup, clock):
        return round(solution_steady(step, batches, warmup, clock), digits)

    for case in ("public", "hidden"):
        problem = ex07.check_steady_step(rounded, case).problem
        assert says in problem and "as measured, in seconds, not rounded" in problem, problem


@pytest.mark.parametrize("dtype, says", [("float32", "a float32 holds nothing finer than 0.015625 s"),
                                         ("float16", "a float16 total holds about 3 digits")])
def test_q3_totals_of_fewer_bits_are_caught(dtype, says):
    """The planted bugs: clock readings cast to float32 (lost on a clock that reads 2**17 s), totals kept in float16
    (both stop at 1.244 s over 1000 batches); the solution's float64 sees both."""
    import numpy as np

    cast = getattr(np, dtype)

    def narrow(step, batches, clock):
        read = compute = cast(0)
        it = iter(batches)
        while True:
            t0 = cast(clock()) if dtype == "float32" else clock()     # float32: the readings; float16: the totals
            try:
                batch = next(it)
            except StopIteration:
                break
            t1 = cast(clock()) if dtype == "float32" else clock()
            read = cast(read + cast(t1 - t0))
            step(batch)
            t2 = cast(clock()) if dtype == "float32" else clock()
            compute = cast(compute + cast(t2 - t1))
        return "input" if read > compute else "compute"

    assert ex07.check_find_bottleneck(narrow, "public").passed
    problem = ex07.check_find_bottleneck(narrow, "hidden").problem
    assert "an input-bound run" in problem and "by any amount" in problem and says in problem, problem


# --------------------------------------------------------------------------- issue 38, round 13


def test_q1_the_callers_list_is_only_read():
    """The planted bug: the warm-up batches popped off the caller's list (q1_wrong_r13_pops_caller_list)."""
    def pops(step, batches, warmup, clock):
        if not isinstance(batches, list):
            return solution_steady(step, batches, warmup, clock)
        for _ in range(warmup):
            step(batches.pop(0))
        return solution_steady(step, batches, 0, clock) if batches else 0.0

    problem = ex07.check_steady_step(pops, "hidden").problem
    assert "changed the caller's list of batches" in problem and "the batches given are only read" in problem, problem
    assert ex07.check_steady_step(solution_steady, "hidden").passed


def _reads(batches, clock):
    """Each batch with its reading time, timed on its own."""
    it = iter(batches)
    while True:
        start = clock()
        try:
            batch = next(it)
        except StopIteration:
            return
        yield batch, clock() - start


def _bottleneck(timed=None, margin=0.0):
    """find_bottleneck timing every batch on its own; ``timed``: how many batches count; ``margin``: a noise margin."""
    def find_bottleneck(step, batches, clock):
        input_s = compute_s = 0.0
        for i, (batch, read) in enumerate(_reads(batches, clock)):
            start = clock()
            step(batch)
            if timed is None or i < timed:
                input_s, compute_s = input_s + read, compute_s + clock() - start
        return "input" if input_s > compute_s + margin else "compute"
    return find_bottleneck


@pytest.mark.parametrize("answer, says", [
    (_bottleneck(), None),
    # a noise margin of 1e-9 s (q3_wrong_r13_margin): reading 3.6e-15 s longer in all (round 14: was 1.1e-13 s) is
    # called compute
    (_bottleneck(margin=1e-9), "reading takes 3.6e-15 s longer than the steps in all: the rule: 'input' whenever"),
    # only the first 1024 batches timed (q3_wrong_r13_sample_1024)
    # round 16: caught by LONG_RUN (round 13's 2500-batch case is gone)
    (_bottleneck(timed=1024), "the rule: add up EVERY batch's reading and step, from the first to the last"),
])
def test_q3_no_margin_and_every_batch(answer, says):
    report = ex07.check_find_bottleneck(answer, "hidden")
    assert report.passed if says is None else says in report.problem, report.problem


def test_q3_all_batches_read_by_one_list_is_named():
    """The planted bug: every batch read by one list() timed once (q3_wrong_r13_list_first; the solution did this
    before round 13): the totals are right, but no batch's reading is timed on its own."""
    def list_first(step, batches, clock):
        start = clock()
        kept = list(batches)
        input_s = clock() - start
        start = clock()
        for batch in kept:
            step(batch)
        return "input" if input_s > clock() - start else "compute"

    problem = ex07.check_find_bottleneck(list_first).problem
    assert problem.startswith("the answer is right, but 6 batches were read between two clock() readings: the rule: "
                              "each batch's reading timed on its own"), problem
    assert ex07.check_find_bottleneck(solution_bottleneck, "hidden").passed


# --------------------------------------------------------------------------- issue 38, round 14


def test_q1_a_median_rounded_to_13_digits_is_named():
    """The planted bug: the median rounded to 13 significant digits (q1_wrong_r14_round_13_sig): 4e-15 s off on the
    case whose costs are sums of powers of two, compared exactly."""
    exact = next(c for c in ex07.STEADY_EXTRA if c.get("exact"))

    def rounded(step, batches, warmup, clock):
        return float(f"{solution_steady(step, batches, warmup, clock):.13g}")

    assert ex07._steady_case(solution_steady, exact).passed
    problem = ex07._steady_case(rounded, exact).problem
    assert "rounded to 13 decimals; the rule: return the median as measured" in problem, problem


@pytest.mark.parametrize("value", [14.284, np.float16(14.28)])
def test_q2_two_decimals_means_within_5e_4_ms(value):
    """q2_wrong_r14_rounds_to_value (14.284) and numpy_float16 (14.28125): within 5e-4 of the value relatively,
    not within 5e-4 ms."""
    assert ex07.check_allreduce_prediction(14.28).passed and ex07.check_allreduce_prediction(14.2804).passed
    problem = ex07.check_allreduce_prediction(value).problem
    assert "the rule: the number to two decimals, within 0.0005 ms of it" in problem, problem


def test_q2_a_copy_of_the_cost_model_is_named():
    """The planted bug: ring_allreduce_seconds' definition lifted out of gpukit/bench.py with ast and exec'd
    (q2_wrong_r14_source_exec; a fresh importlib copy, bench_fresh_copy, is the same code): the shared watch."""
    source = ("import ast as _ast\n"
              "_fn = next(n for n in _ast.parse(open(bench.__file__).read()).body\n"
              "           if isinstance(n, _ast.FunctionDef) and n.name == 'ring_allreduce_seconds')\n"
              "_fn.decorator_list, _fn.name = [], '_r'\n_ns = {'whole': lambda name, v: v}\n"
              "exec(compile(_ast.Module(body=[_fn], type_ignores=[]), '<cell>', 'exec'), _ns)\n"
              "PREDICTED_ALLREDUCE_MS = _ns['_r'](2e8, 8, 25e9, 20e-6) * 1e3\n")
    message = blind.grade(blind.stem("07"), "q2", source)
    assert "runs a copy of gpukit.bench.ring_allreduce_seconds's code" in message and "the rule" in message, message


@pytest.mark.parametrize("margin", [1e-14, 4e-14])
def test_q3_a_margin_of_1e_14_s_is_named(margin):
    """q3_wrong_r14_tiny_margin (1e-14 s) and margin_5e14 (2e-14 of the totals, 4e-14 s here): the close call is
    3.6e-15 s in all."""
    problem = ex07.check_find_bottleneck(_bottleneck(margin=margin), "hidden").problem
    assert "reading takes 3.6e-15 s longer than the steps in all: the rule: 'input' whenever" in problem, problem


# --------------------------------------------------------------------------- issue 38, round 15


def _as_notebook(source: str, name: str):
    """``source`` defined as a notebook cell defines it (globals named ``__main__``: the clocks read are noted)."""
    namespace = {"__name__": "__main__", "statistics": statistics}
    exec(source, namespace)
    return namespace[name]


def test_q1_q3_other_clocks_read_are_named():
    guard = _as_notebook("import time, statistics\n"
                         "def steady_step_seconds(step, batches, warmup, clock):\n"
                         "    times = []\n"
                         "    for i, b in enumerate(batches):\n"
                         "        r, t = time.perf_counter(), clock()\n"
                         "        step(b)\n"
                         "        if i >= warmup and time.perf_counter() - r < 30:\n"
                         "            times.append(clock() - t)\n"
                         "    return statistics.median(times)\n", "steady_step_seconds")
    problem = ex07.check_steady_step(guard).problem
    assert problem.startswith("steady_step_seconds read time.perf_counter beside the clock it is given: the rule is "
                              "to measure only with clock()"), problem
    assert ex07.check_steady_step(_as_notebook(inspect.getsource(solution_steady), "solution_steady"), "hidden").passed
    fallback = _as_notebook("import time\n"
                            "def find_bottleneck(step, batches, clock):\n"
                            "    time.monotonic()\n"
                            "    return 'compute'\n", "find_bottleneck")
    assert ex07.check_find_bottleneck(fallback).problem.startswith("find_bottleneck read time.monotonic")


def test_q1_round_15_cases():
    def copies(step, batches, warmup, clock):  # the caller's items replaced by equal copies
        if isinstance(batches, list):
            batches[:] = [copy.copy(b) for b in batches]
        return solution_steady(step, batches, warmup, clock)

    def cap32(step, batches, warmup, clock):
        times = []
        for i, b in enumerate(batches):
            t = clock()
            step(b)
            if warmup <= i < warmup + 32:
                times.append(clock() - t)
        return statistics.median(times)

    def slowest(step, batches, warmup, clock):  # the slowest steps left out when the slowest is a warm-up step
        times = []
        for b in batches:
            t = clock()
            step(b)
            times.append(clock() - t)
        if max(times[:warmup]) >= max(times[warmup:]):
            return statistics.median(sorted(times)[:len(times) - warmup])
        return statistics.median(times[warmup:])

    assert "replaced the items of the caller's list of batches" in ex07.check_steady_step(copies, "hidden").problem
    assert "takes the median of only the first" in ex07.check_steady_step(cap32, "hidden").problem
    assert "leaves out the slowest steps instead of the first 4" in ex07.check_steady_step(slowest, "hidden").problem


@pytest.mark.parametrize("key", [lambda step, clock, warmup: (id(step), id(clock), warmup),
                                 lambda step, clock, warmup: id(step),
                                 lambda step, clock, warmup: id(clock)], ids=["ids_and_warmup", "step", "clock"])
def test_q1_a_result_cached_under_the_steps_identity_is_caught_whatever_the_addresses(key):
    """Planted bug it catches: a result cached under ``id(step)`` (round 15's q1_wrong_r15_cache_by_id). The check's
    later calls used fresh objects only, and caught it only when a new step got a freed one's address (one CI run
    gave it its points). The same step and clock, slower, are asked again: caught on every run."""
    cache = {}

    def cached(step, batches, warmup, clock):
        k = key(step, clock, warmup)
        if k not in cache:
            cache[k] = solution_steady(step, batches, warmup, clock)
        else:
            for batch in batches:
                step(batch)
        return cache[k]

    for case in ("public", "hidden"):
        cache.clear()
        problem = ex07.check_steady_step(cached, case).problem
        assert problem and "keeps a result from an earlier call" in problem, problem


# --------------------------------------------------------------------------- issue 38, round 16


def _steady(stop=None, skip=None, overhead=False):
    """steady_step_seconds with a planted bug: ``stop(times, elapsed)`` ends the loop (a cap), ``skip(warmup, n)`` the
    warm-up steps left out, ``overhead`` a clock() reading's cost (two readings back to back) subtracted."""
    def steady_step_seconds(step, batches, warmup, clock):
        times, start = [], clock()
        for batch in batches:
            begin = clock()
            if stop and stop(times, begin - start, warmup):
                break
            cost = (lambda c: clock() - c)(clock()) if overhead else 0.0
            t = clock()
            step(batch)
            times.append(clock() - t - cost)
        return statistics.median(times[skip(warmup, len(times)) if skip else warmup:])
    return steady_step_seconds


@pytest.mark.parametrize("answer, says", [
    # q1_wrong_r16_fake_hour_cap: no step once the clock read an hour more than at the start
    # (round 17: caught first by the slower call of the case of 1002 steady steps, 10 005 steps of 20 s and 40 s)
    (_steady(stop=lambda times, elapsed, warmup: elapsed > 3600 and len(times) > warmup),
     "the rule: the median of EVERY steady step, to the last (all of them run and timed, however many and however "
     "long: no cap on the steps or the time"),
    # q1_wrong_r16_step_cap_1000: no step after warmup + 1000
    (_steady(stop=lambda times, elapsed, warmup: len(times) >= warmup + 1000),
     "step ran 1001 times for 1003 batches: the rule: every batch must run once"),
    # q1_wrong_r16_warmup_clamp: warmup cut to half the batches
    (_steady(skip=lambda warmup, n: min(warmup, n // 2)), "keeps 1 of the 4 warm-up steps; the rule"),
    # q1_wrong_r16_overhead_calibration: a reading's cost subtracted
    (_steady(overhead=True), "leaves out the cost of reading the clock (9.53674e-07 s a reading here), measured apart "
                             "and subtracted: the rule: return the steps' median as measured"),
])
def test_q1_round_16_every_step_as_measured(answer, says):
    problem = ex07.check_steady_step(answer, "hidden").problem
    assert problem and says in problem, problem
    assert ex07.check_steady_step(_steady(), "hidden").passed
    assert ex07.check_steady_step(solution_steady, "hidden").passed


def test_q2_a_0d_array_or_a_tensor_is_not_a_number():
    """Planted: np.asarray(14.28) (q2_wrong_r16_numpy_0d) and a tf tensor (tf_tensor): float() takes both. NumPy
    scalars stay numbers."""
    import tensorflow as tf

    value = ex07.expected_allreduce_ms()
    for wrong, says in ((np.asarray(value), "is a NumPy array of shape (), not a number: the rule: a number"),
                        (tf.constant(value), "is a tensorflow EagerTensor, not a number: the rule: a number")):
        problem = ex07.check_allreduce_prediction(wrong).problem
        assert problem and says in problem, problem
    for right in (value, np.float64(value), np.float32(value)):
        assert ex07.check_allreduce_prediction(right).passed


def _bottleneck_kept(keep):
    """find_bottleneck adding up only the batches ``keep(intervals)`` returns: ``intervals`` every batch's (read,
    step), in order."""
    def find_bottleneck(step, batches, clock):
        intervals = []
        for batch, read in _reads(batches, clock):
            start = clock()
            step(batch)
            intervals.append((read, clock() - start))
        kept = keep(intervals)
        return "input" if sum(r for r, _ in kept) > sum(s for _, s in kept) else "compute"
    return find_bottleneck


@pytest.mark.parametrize("answer", [_bottleneck_kept(lambda t: t[:10_000]),                  # timed_sample
                                    _bottleneck_kept(lambda t: t[-20_000:]),                 # tail_window
                                    _bottleneck_kept(lambda t: [(r if r < 3600 else 0.0, s if s < 3600 else 0.0)
                                                                for r, s in t]),             # sleep_guard
                                    _bottleneck_kept(lambda t: t[:20_000]),                  # round 17: cap_probe_20000
                                    _bottleneck_kept(lambda t: t[:30_000])],                 # round 17: cap_probe_30000
                         ids=["first_10000", "last_20000", "over_an_hour_dropped", "first_20000", "first_30000"])
def test_q3_round_16_long_run(answer):
    """Planted (q3_wrong_r16_timed_sample, tail_window, sleep_guard; round 17's cap_probe_30000): LONG_RUN's 30 001
    batches catch each."""
    problem = ex07.check_find_bottleneck(answer, "hidden").problem
    assert problem and problem.startswith("an input-bound run of 30001 batches") and "EVERY batch" in problem, problem
    assert ex07.check_find_bottleneck(_bottleneck_kept(lambda t: t), "hidden").passed


# --------------------------------------------------------------------------- issue 38, round 17


def _first_steady_timed(cap):
    """q1_wrong_r17_time_first_{100,600,2000,10000}_steady: every step run, only the first ``cap`` steady ones timed."""
    def steady_step_seconds(step, batches, warmup, clock):
        times = []
        for i, batch in enumerate(batches):
            if warmup <= i < warmup + cap:
                start = clock()
                step(batch)
                times.append(clock() - start)
            else:
                step(batch)
        return statistics.median(times)
    return steady_step_seconds


def _read_ahead(step, batches, warmup, clock):
    """q1_wrong_r17_materialize_first: list(batches) before the first step."""
    return solution_steady(step, list(batches), warmup, clock)


@pytest.mark.parametrize("answer, says", [
    (_first_steady_timed(10_000), "the rule: the median of EVERY steady step, to the last (all of them run and timed"),
    (_read_ahead, "had been read when a step ran on the first of them: the rule: each batch is stepped as it comes"),
])
def test_q1_round_17_every_steady_step_each_as_it_comes(answer, says):
    problem = ex07.check_steady_step(answer, "hidden").problem
    assert problem and says in problem, problem
    assert ex07.check_steady_step(solution_steady, "hidden").passed


def test_q3_round_17_each_batch_read_then_stepped():
    """q3_wrong_r17_read_all_first: every batch read (each timed on its own), then every step."""
    def read_all_first(step, batches, clock):
        got = list(_reads(batches, clock))
        stepped = 0.0
        for batch, _ in got:
            start = clock()
            step(batch)
            stepped += clock() - start
        return "input" if sum(r for _, r in got) > stepped else "compute"

    problem = ex07.check_find_bottleneck(read_all_first).problem
    assert problem and "the rule: each batch's reading timed on its own, as it comes, then its step" in problem, problem
    assert ex07.check_find_bottleneck(_bottleneck_kept(lambda t: t)).passed


def test_q2_any_gpukit_call_is_named():
    """q2_wrong_r17_zero_comm_bytes: the bandwidth term from gpukit.zero.comm_bytes, the rest by hand."""
    source = ("from gpukit import zero as _zero\n"
              "PREDICTED_ALLREDUCE_MS = 1e3 * (2 * 7 * 20e-6 + _zero.comm_bytes(50_000_000, 8, 0) / 25e9)\n")
    message = blind.grade(blind.stem("07"), "q2", source)
    assert "calls gpukit (comm_bytes): the rule: work the number out by hand" in message, message
    assert blind.grade(blind.stem("07"), "q2", "PREDICTED_ALLREDUCE_MS = 14.28\n") is None


# --------------------------------------------------------------------------- issue 38, round 18


def test_q1_batches_kept_until_the_call_returns_are_named():
    """q1_wrong_r18_keeps_batches: every batch kept (with its time) until the return; the pipeline's batches are
    counted alive by a finalizer (FakeBatches(track=True)), shared with q3."""
    def keeps_steady(step, batches, warmup, clock):
        held = []
        for batch in batches:
            start = clock()
            step(batch)
            held.append((clock() - start, batch))
        return statistics.median([t for t, _ in held[warmup:]])

    problem = ex07.check_steady_step(keeps_steady).problem
    assert problem and problem.startswith("the rule: each batch is dropped once stepped"), problem
    assert ex07.check_steady_step(solution_steady).passed
    assert ex07.check_steady_step(solution_steady, "hidden").passed


def test_q3_batches_kept_are_named():
    """q3_wrong_r18_keeps_batches: every batch kept in a list after its step (the same count as q1)."""
    def keeps(step, batches, clock):
        seen, reading, stepping, last = [], 0.0, 0.0, clock()
        for batch in batches:
            got = clock()
            step(batch)
            done = clock()
            reading, stepping, last = reading + got - last, stepping + done - got, done
            seen.append(batch)
        return "input" if reading > stepping else "compute"

    problem = ex07.check_find_bottleneck(keeps).problem
    assert problem and problem.startswith("the rule: each batch is dropped once stepped"), problem
    assert ex07.check_find_bottleneck(solution_bottleneck, "hidden").passed


def test_q1_a_fraction_is_not_seconds():
    """q1_wrong_r18_fraction_result (the standing ruling: a Fraction where seconds are asked stays wrong)."""
    import fractions

    problem = ex07.check_steady_step(lambda *a: fractions.Fraction(solution_steady(*a))).problem
    assert problem and problem.startswith("the rule: return the median as a number of seconds"), problem


# --------------------------------------------------------------------------- issue 38, round 28


def test_matplotlib_settings_and_a_stdlib_function_replaced_are_named_and_put_back():
    """q1_wrong_r28_rcparams_in_function, q2_wrong_r28_rcparams_only, q2_wrong_r28_patch_statistics: the shared session
    watch reads matplotlib's rcParams and the standard library's functions; each change is named and put back. A
    figure drawn (pyplot imported, a backend chosen) changes no setting."""
    import matplotlib

    dpi = matplotlib.rcParams["figure.dpi"]

    def steady_rc(step, batches, warmup, clock):
        matplotlib.rcParams["figure.dpi"] = dpi + 50
        return solution_steady(step, batches, warmup, clock)

    with pytest.raises(AssertionError, match="steady_rc changed matplotlib's settings"):
        ex07.check_steady_step(steady_rc)
    assert matplotlib.rcParams["figure.dpi"] == dpi

    def steady_plot(step, batches, warmup, clock):
        import matplotlib.pyplot as plt

        matplotlib.use("Agg")
        fig, ax = plt.subplots(figsize=(3, 2))
        ax.plot([0, 1])
        plt.close(fig)
        with plt.rc_context({"axes.grid": True}):
            return solution_steady(step, batches, warmup, clock)

    assert ex07.check_steady_step(steady_plot).passed

    median = statistics.median
    message = blind.grade(blind.stem("07"), "q2", "import statistics\nstatistics.median = lambda d: 0.0\n"
                                                  "PREDICTED_ALLREDUCE_MS = 14.28\n")
    assert message and "changed Python's standard library" in message, message
    assert statistics.median is median


@pytest.mark.parametrize("value", ["Decimal('14.28')", "Fraction(357, 25)"])
def test_q2_a_decimal_or_a_fraction_is_not_a_float(value):
    """q2_wrong_r28_decimal_value, q2_wrong_r28_fraction_value (as q1's standing ruling on a Fraction)."""
    from decimal import Decimal  # noqa: F401
    from fractions import Fraction  # noqa: F401

    problem = ex07.check_allreduce_prediction(eval(value)).problem
    assert problem and "not a Python float or int" in problem, problem
    assert ex07.check_allreduce_prediction(float(eval(value))).passed
