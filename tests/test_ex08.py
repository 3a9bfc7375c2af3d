"""Exercise 08's checks: each passes the solution, says "not solved yet" for the stub, and names the
symptom of the classic wrong answers (references: gpukit.batching, gpukit.advisor, numpy)."""

import re

import numpy as np
import pytest

import blind

from gpukit import tf
from gpukit.course.exercises import ex08

# ---------------------------------------------------------------- q1: prediction
ARGS = (50_000, 256, 4, 24)  # 195 updates; 64 per replica > 24 -> k = 4 (16 per replica)


def test_prediction_right_stub_and_classic_wrong_answers():
    assert ex08.expected_prediction(*ARGS) == (195, 4)
    assert ex08.check_prediction((195, 4), *ARGS).passed
    assert "not solved yet" in ex08.check_prediction(..., *ARGS).problem
    assert "not solved yet" in ex08.check_prediction((..., ...), *ARGS).problem
    assert "partial batch" in ex08.check_prediction((196, 4), *ARGS).problem
    assert "counts micro-batches" in ex08.check_prediction((780, 4), *ARGS).problem
    assert "per-replica batch" in ex08.check_prediction((781, 4), *ARGS).problem
    assert "not a whole number" in ex08.check_prediction((195, 3), *ARGS).problem   # ceil(64 / 24)
    assert "more than the 24" in ex08.check_prediction((195, 2), *ARGS).problem
    assert "not the fewest" in ex08.check_prediction((195, 8), *ARGS).problem
    assert "two whole numbers" in ex08.check_prediction(195, *ARGS).problem


# ---------------------------------------------------------------- q2: choose the setup
def choose(kind, devices, machines, fits_one_device, compute_capability=None):
    if not fits_one_device:
        strategy = "model/pipeline"
    elif kind == "TPU":
        strategy = "TPUStrategy"
    elif machines > 1:
        strategy = "MultiWorkerMirroredStrategy"
    elif devices > 1:
        strategy = "MirroredStrategy"
    else:
        strategy = "OneDeviceStrategy"
    if kind == "TPU":
        precision = "mixed_bfloat16"
    elif kind == "GPU" and compute_capability is not None and compute_capability >= 8.0:
        precision = "mixed_bfloat16"
    elif kind == "GPU" and (compute_capability is None or compute_capability >= 7.0):
        precision = "mixed_float16"
    else:
        precision = "float32"
    return strategy, precision


def test_choose_solution_stub_and_wrong_answers():
    assert ex08.check_choose(choose).passed
    assert ex08.check_choose(choose, cases=[("GPU", 2, 1, False, 8.0), ("CPU", 4, 1, True, None)]).passed

    def stub(kind, devices, machines, fits_one_device, compute_capability=None):
        ...
    assert "not solved yet" in ex08.check_choose(stub).problem

    def table(kind, devices, machines, fits, cc=None):  # the article's table, literally
        s, p = choose(kind, devices, machines, True, cc)
        return ("ParameterServerStrategy" if not fits else s), p
    assert "whole model" in ex08.check_choose(table).problem

    def always_mixed(*case):
        s, p = choose(*case)
        return s, ("mixed_bfloat16" if case[0] == "TPU" else "mixed_float16")
    assert "CPU" in ex08.check_choose(always_mixed).problem

    def float16_on_every_tensor_core(*case):  # the rule before bfloat16 tensor cores (Ampere)
        s, p = choose(*case)
        return s, ("mixed_float16" if p == "mixed_bfloat16" and case[0] == "GPU" else p)
    assert "bfloat16" in ex08.check_choose(float16_on_every_tensor_core).problem

    def mirrored_everywhere(kind, devices, machines, fits, cc=None):
        s, p = choose(kind, devices, machines, fits, cc)
        return ("MirroredStrategy" if s == "MultiWorkerMirroredStrategy" else s), p
    assert "inside one machine" in ex08.check_choose(mirrored_everywhere).problem


# ---------------------------------------------------------------- q3: the debugged pipeline
def make_dataset(x, y, *, global_batch_size, num_replicas, seed, epoch):
    ds = tf.data.Dataset.from_tensor_slices((x, y)).cache()
    ds = ds.shuffle(len(x), seed=seed + epoch, reshuffle_each_iteration=False)
    return ds.batch(global_batch_size, drop_remainder=True).prefetch(tf.data.AUTOTUNE)


def buggy(x, y, *, global_batch_size, num_replicas, seed, epoch):  # the notebook's broken version
    ds = tf.data.Dataset.from_tensor_slices((x, y)).batch(global_batch_size // num_replicas)
    return ds.shuffle(64).prefetch(tf.data.AUTOTUNE)


def test_dataset_solution_stub_and_wrong_answers():
    assert ex08.check_dataset(make_dataset).passed
    assert ex08.check_dataset(make_dataset, n=77, global_batch_size=8, num_replicas=2, seed=3).passed
    assert "not solved yet" in ex08.check_dataset(lambda x, y, **kw: None).problem
    assert "per-replica share" in ex08.check_dataset(buggy).problem

    def no_drop(x, y, *, global_batch_size, num_replicas, seed, epoch):
        ds = tf.data.Dataset.from_tensor_slices((x, y)).shuffle(len(x), seed=seed + epoch)
        return ds.batch(global_batch_size)
    assert "exactly global_batch_size" in ex08.check_dataset(no_drop).problem

    def unshuffled(x, y, *, global_batch_size, num_replicas, seed, epoch):
        return tf.data.Dataset.from_tensor_slices((x, y)).batch(global_batch_size, drop_remainder=True)
    assert "not shuffled" in ex08.check_dataset(unshuffled).problem

    def unseeded(x, y, *, global_batch_size, num_replicas, seed, epoch):
        ds = tf.data.Dataset.from_tensor_slices((x, y)).shuffle(len(x))
        return ds.batch(global_batch_size, drop_remainder=True)
    assert "a restarted run" in ex08.check_dataset(unseeded).problem

    def same_every_epoch(x, y, *, global_batch_size, num_replicas, seed, epoch):
        ds = tf.data.Dataset.from_tensor_slices((x, y)).shuffle(len(x), seed=seed, reshuffle_each_iteration=False)
        return ds.batch(global_batch_size, drop_remainder=True)
    assert "same order" in ex08.check_dataset(same_every_epoch).problem

    def batches_shuffled(x, y, *, global_batch_size, num_replicas, seed, epoch):
        ds = tf.data.Dataset.from_tensor_slices((x, y)).batch(global_batch_size, drop_remainder=True)
        return ds.shuffle(100, seed=seed + epoch, reshuffle_each_iteration=False)
    assert "shuffle the examples before batching" in ex08.check_dataset(batches_shuffled).problem
    assert np.isfinite(1.0)


# ---------------------------------------------------------------- issue 38, round 3: the contract observed


def _pairs_apart(x, y, *, global_batch_size, num_replicas, seed, epoch):
    dx = tf.data.Dataset.from_tensor_slices(x).shuffle(len(x), seed=seed + epoch, reshuffle_each_iteration=False)
    dy = tf.data.Dataset.from_tensor_slices(y).shuffle(len(y), seed=seed + epoch + 1, reshuffle_each_iteration=False)
    return tf.data.Dataset.zip((dx, dy)).batch(global_batch_size, drop_remainder=True)


def _y_then_x(x, y, *, global_batch_size, num_replicas, seed, epoch):
    return make_dataset(y, x, global_batch_size=global_batch_size, num_replicas=num_replicas, seed=seed, epoch=epoch)


def _in_place(x, y, *, global_batch_size, num_replicas, seed, epoch):
    order = np.random.default_rng([seed, epoch]).permutation(len(x))
    x[:], y[:] = x[order], y[order]
    return tf.data.Dataset.from_tensor_slices((x, y)).batch(global_batch_size, drop_remainder=True)


def _string_hash_seed(x, y, *, global_batch_size, num_replicas, seed, epoch):
    ds = tf.data.Dataset.from_tensor_slices((x, y))
    ds = ds.shuffle(len(x), seed=hash(f"{seed}-{epoch}") % 2**31, reshuffle_each_iteration=False)
    return ds.batch(global_batch_size, drop_remainder=True)


def _epoch_mod_2(x, y, *, global_batch_size, num_replicas, seed, epoch):
    return make_dataset(x, y, global_batch_size=global_batch_size, num_replicas=num_replicas, seed=seed,
                        epoch=epoch % 2)


def _seed_ignored(x, y, *, global_batch_size, num_replicas, seed, epoch):
    return make_dataset(x, y, global_batch_size=global_batch_size, num_replicas=num_replicas, seed=0, epoch=epoch)


def _buffer_short_of_the_remainder(x, y, *, global_batch_size, num_replicas, seed, epoch):
    ds = tf.data.Dataset.from_tensor_slices((x, y))
    ds = ds.shuffle(len(x) // global_batch_size * global_batch_size, seed=seed + epoch, reshuffle_each_iteration=False)
    return ds.batch(global_batch_size, drop_remainder=True)


@pytest.mark.parametrize("answer, says", [
    (_pairs_apart, "not its own x"),
    (_y_then_x, "the rule: batches of (x, y), in that order"),
    (_in_place, "changed the caller's x or y in place"),
    (_string_hash_seed, "Python's hash() of a string"),
    (_epoch_mod_2, "epochs 0 and 2 have the same order"),
    (_seed_ignored, "seeds 0 and 1 give the same order"),       # the public case's seed is 0: ignoring it is caught
    (_buffer_short_of_the_remainder, "the shuffle buffer holds 96 of the 100 elements it shuffles"),
])
def test_dataset_contract_is_observed(answer, says):
    report = ex08.check_dataset(answer)
    assert not report.passed and says in report.problem, report.problem


def test_dataset_seed_ignored_is_caught_whatever_seed_is_asked():
    report = ex08.check_dataset(_seed_ignored, n=77, global_batch_size=8, num_replicas=2, seed=3)
    assert not report.passed and "seeds 3 and 4 give the same order" in report.problem, report.problem


@pytest.mark.parametrize("case, says", [
    (("GPU", 4, 2, False, 8.0), "does not fit one device"),
    (("TPU", 8, 1, False, None), "does not fit one device"),
    (("TPU", 1, 1, True, None), "driven by TPUStrategy"),
])
def test_choose_memory_decides_first_and_one_tpu_core_is_tpu_strategy(case, says):
    def data_parallel_always(kind, devices, machines, fits_one_device, compute_capability=None):
        strategy = ("TPUStrategy" if kind == "TPU" and devices * machines > 1 else "MultiWorkerMirroredStrategy"
                    if machines > 1 else "MirroredStrategy" if devices > 1 else "OneDeviceStrategy")
        return strategy, ex08.reference_choice(kind, devices, machines, True, compute_capability)[1]

    report = ex08.check_choose(data_parallel_always, cases=[case])
    assert not report.passed and says in report.problem, report.problem


def test_prediction_micro_batch_size_for_the_count_is_named():
    assert "is the size of a micro-batch on one replica (64 / 4)" in ex08.check_prediction((195, 16), *ARGS).problem


# ---------------------------------------------------------------- issue 28's audit: correct alternatives

def _numpy_permutation(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """A correct alternative: the order drawn in numpy from (seed, epoch), whole batches only."""
    order = np.random.default_rng([seed, epoch]).permutation(len(x))
    keep = len(x) // global_batch_size * global_batch_size
    return tf.data.Dataset.from_tensor_slices((x[order][:keep], y[order][:keep])).batch(global_batch_size)


def _seed_pair(x, y, *, global_batch_size, num_replicas, seed, epoch):
    """Another: tf.data's shuffle seeded from both numbers, reshuffle off, then whole batches."""
    ds = tf.data.Dataset.from_tensor_slices((x, y))
    ds = ds.shuffle(len(x), seed=seed * 10_007 + epoch, reshuffle_each_iteration=False)
    return ds.batch(global_batch_size, drop_remainder=True).prefetch(2)


@pytest.mark.parametrize("answer", [_numpy_permutation, _seed_pair])
def test_dataset_correct_alternatives_pass_public_and_hidden(answer):
    assert ex08.check_dataset(answer).passed, ex08.check_dataset(answer).problem
    report = ex08.check_dataset(answer, n=77, global_batch_size=8, num_replicas=2, seed=3)
    assert report.passed, report.problem


# ---------------------------------------------------------------- issue 28's audit: q1 and q2 the way a student works

@pytest.mark.parametrize("value", [[195, 4], (np.int64(195), np.int64(4)), (195.0, 4),    # 195.0: np.floor's float
                                   (np.floor(50_000 / 256), 4), np.array([195, 4])])
def test_prediction_in_other_forms_passes(value):
    report = ex08.check_prediction(value, *ARGS)
    assert report.passed, report.problem


@pytest.mark.parametrize("value, says", [
    ((4, 195), r"^the two numbers are swapped: predicted is \(updates_per_epoch, accum_steps\)$"),
    ((195, 5), r"accum_steps=5 gives micro-batches of 64/5 examples per replica: not a whole number"),  # used to say
    ((195, 0), r"accum_steps=0: an update needs at least one micro-batch"),                     # "works but ..."
    ((195, 64), r"accum_steps=64 works but is not the fewest that fit"),                        # the largest valid k
    ((195.5, 4), "two whole numbers"),
    (("195", "4"), "two whole numbers"),
])
def test_prediction_more_slips_are_named(value, says):
    report = ex08.check_prediction(value, *ARGS)
    assert not report.passed and re.search(says, report.problem), report.problem


def test_prediction_boundaries_of_the_accumulation():
    assert ex08.expected_prediction(1000, 64, 4, 16) == (15, 1)        # the share fits: no accumulation
    assert ex08.check_prediction((15, 1), 1000, 64, 4, 16).passed
    assert ex08.expected_prediction(100, 8, 8, 1) == (12, 1)           # one example per replica, max 1
    assert ex08.check_prediction((12, 1), 100, 8, 8, 1).passed
    assert "not the fewest" in ex08.check_prediction((15, 2), 1000, 64, 4, 16).problem


HIDDEN_CHOOSE = [("GPU", 2, 1, False, 8.0), ("CPU", 4, 1, True, None), ("GPU", 1, 2, True, 7.5),
                 ("GPU", 1, 1, True, 5.2), ("TPU", 4, 2, True, None)]
BOUNDARY_CHOOSE = [("GPU", 1, 1, True, 7.0), ("GPU", 1, 1, True, 6.9), ("GPU", 2, 1, True, None),
                   ("CPU", 2, 3, True, None), ("TPU", 8, 1, False, None)]  # the thresholds, unknown cc, a TPU too small


def choose_table(kind, devices, machines, fits_one_device, compute_capability=None):
    """Another correct q2: lookups instead of a chain of ifs, the unknown capability read as 7.0."""
    cc = 7.0 if compute_capability is None else compute_capability
    precision = {"CPU": "float32", "TPU": "mixed_bfloat16"}.get(kind) or (
        "mixed_bfloat16" if cc >= 8.0 else "mixed_float16" if cc >= 7.0 else "float32")
    if not fits_one_device:
        return "model/pipeline", precision
    if kind == "TPU":
        return "TPUStrategy", precision
    strategy = {1: "OneDeviceStrategy"}.get(devices * machines,
                                            "MultiWorkerMirroredStrategy" if machines > 1 else "MirroredStrategy")
    return strategy, precision


def choose_machines_first(kind, devices, machines, fits_one_device, compute_capability=None):
    """Another order: several machines, then TPUs, then the device count; a list returned."""
    strategy, precision = choose(kind, devices, machines, fits_one_device, compute_capability)
    if fits_one_device and kind != "TPU" and machines > 1:
        strategy = "MultiWorkerMirroredStrategy"
    return [strategy, precision]


@pytest.mark.parametrize("answer", [choose, choose_table, choose_machines_first])
def test_choose_correct_alternatives_pass_public_hidden_and_boundaries(answer):
    for cases in (None, HIDDEN_CHOOSE, BOUNDARY_CHOOSE):
        report = ex08.check_choose(answer, cases=cases)
        assert report.passed, report.problem


def _choose_with(strategy=None, precision=None):
    """The solution with one rule changed: ``strategy(case, right)`` / ``precision(case, right)`` give the answer."""
    def answer(*case):
        s, p = choose(*case)
        return (strategy(case, s) if strategy else s), (precision(case, p) if precision else p)
    return answer


@pytest.mark.parametrize("answer, cases, says", [
    (_choose_with(strategy=lambda c, s: "MultiWorkerMirroredStrategy" if c[2] > 1 else s),   # machines before TPUs
     HIDDEN_CHOOSE, r"TPU x 4 on 2 machine\(s\).*TPUs, on one host or several, are driven by TPUStrategy"),
    (_choose_with(strategy=lambda c, s: "OneDeviceStrategy" if c[1] == 1 and c[3] else s),  # one device per machine
     HIDDEN_CHOOSE, r"GPU x 1 on 2 machine\(s\).*OneDeviceStrategy uses one device of the 2"),
    (_choose_with(strategy=lambda c, s: "MultiWorkerMirroredStrategy" if s == "MirroredStrategy" else s),
     None, r"MultiWorkerMirroredStrategy is for several machines; these devices are all in one"),
    (_choose_with(strategy=lambda c, s: "model/pipeline" if c[1] * c[2] > 1 and c[0] != "TPU" else s),
     None, r"the model fits one device, so there is nothing to split"),
    (_choose_with(strategy=lambda c, s: "TPUStrategy" if c[0] == "TPU" else s),               # TPUs checked first
     BOUNDARY_CHOOSE, r"TPU x 8 .* fits one device: False, compute capability None: strategy 'TPUStrategy': the model does not fit one device"),
    (_choose_with(precision=lambda c, p: "float32" if c[0] == "GPU" and (c[4] or 0) <= 7.0 else p),  # 7.0 excluded
     BOUNDARY_CHOOSE, r"compute capability 7.0 \(7.x\) has float16 tensor cores, which float32 leaves idle"),
    (_choose_with(precision=lambda c, p: "mixed_float16" if c[4] == 8.0 else p),              # 8.0 excluded
     None, r"compute capability 8.0 >= 8.0: its tensor cores run bfloat16"),
    # issue 38, round 11: a bug in the doesn't-fit branch only; the message names the whole case, fit flag included
    (_choose_with(precision=lambda c, p: "mixed_float16" if not c[3] and c[0] == "GPU" else p),
     None, r"for GPU x \d+ on \d+ machine\(s\), fits one device: False, compute capability 8.0: precision "
           r"'mixed_float16'"),
    (_choose_with(precision=lambda c, p: "float32" if c[0] == "GPU" and c[4] is None else p),  # unknown: no guess
     BOUNDARY_CHOOSE, r"the compute capability is unknown: the question lets you assume float16 tensor cores"),
    (_choose_with(precision=lambda c, p: "mixed_bfloat16" if c[0] == "GPU" and (c[4] or 7) >= 7 else p),
     None, r"compute capability 7.0.*run float16 fast, not bfloat16"),
    (lambda *case: (ex08.reference_choice(*case)[0].replace("Strategy", ""), "float32"), None,
     r"strategy 'OneDevice': that is not what these facts call for"),
    (lambda *case: ("MirroredStrategy", 16), None, r"must return two strings \(strategy, precision\)"),
])
def test_choose_wrong_answers_are_named(answer, cases, says):
    report = ex08.check_choose(answer, cases=cases)
    assert not report.passed and re.search(says, report.problem), report.problem


# --------------------------------------------------------------------------- blind answers (issue 38)


@pytest.mark.parametrize("path", blind.answers("08"), ids=lambda p: p.stem)
def test_blind_answers_lose_or_keep_their_points(path):
    """Answers written by someone who never saw the solution or these checks (tests/attacks/ex08),
    graded in-process by the question's public and hidden tests (tests/blind.py): each wrong one loses
    its question's points with a reason, each right one keeps them."""
    as_expected, message = blind.check_answer(path)
    assert as_expected, f"{path.name}: {message or 'kept its points'}"


# --------------------------------------------------------------------------- issue 38, round 5: an individual shuffle


def test_an_individual_shuffle_is_seen_in_one_order():
    """The planted bugs: fixed blocks of 8 examples permuted, and each half shuffled apart then interleaved (blind
    round-5 answers); a full shuffle of the same 256 examples (several seeds) passes."""
    import numpy as np

    n = ex08.INDIVIDUAL["n"]
    for seed in range(5):
        assert ex08._individual_shuffle_problem(np.random.default_rng(seed).permutation(n)) is None
    rng = np.random.default_rng(0)
    blocks = np.concatenate([rng.permutation(np.arange(s, s + 8)) for s in rng.permutation(np.arange(0, n, 8))])
    assert "groups of examples stay together" in ex08._individual_shuffle_problem(blocks).problem
    halves = np.empty(n, dtype=np.int64)
    halves[0::2], halves[1::2] = rng.permutation(n // 2), n // 2 + rng.permutation(n // 2)
    problem = ex08._individual_shuffle_problem(halves).problem
    assert "equal modulo 2" in problem and "shuffled individually over the whole dataset" in problem


# --------------------------------------------------------------------------- issue 38, round 9: what the checks now see


def test_an_epoch_moved_by_a_fixed_permutation_is_seen():
    """The planted bug: epoch e the seed's permutation applied e + 1 times (a blind round-9 answer), in positions
    and relabelled; independent full shuffles (several seeds) pass."""
    n = 40
    for seed in range(5):
        rng = np.random.default_rng(seed)
        assert ex08._fixed_move(rng.permutation(n), rng.permutation(n), rng.permutation(n)) is None
    perm = np.random.default_rng(0).permutation(n)
    e0 = perm
    e1, e2 = e0[perm], e0[perm][perm]
    assert "same permutation of positions" in ex08._fixed_move(e0, e1, e2)
    start = np.random.default_rng(1).permutation(n)
    assert "same permutation of positions" in ex08._fixed_move(start, perm[start], perm[perm[start]])  # relabelled


def test_a_nondeterministic_parallel_op_is_read_on_the_pipeline():
    """The planted bug: a parallel map with deterministic=False (or the options' deterministic = False), seen
    without iterating (no race asserted); the same map left deterministic passes."""
    def pipeline(**kw):
        return tf.data.Dataset.range(8).map(lambda i: i, num_parallel_calls=2, **kw).batch(4)

    assert "deterministic=False" in ex08._nondeterministic_problem(pipeline(deterministic=False))
    options = tf.data.Options()
    options.deterministic = False
    assert "options.deterministic = False" in ex08._nondeterministic_problem(pipeline().with_options(options))
    assert ex08._nondeterministic_problem(pipeline()) is None
    assert ex08._nondeterministic_problem(pipeline(deterministic=True).with_options(options)) is None


@pytest.mark.parametrize("reshuffle, says", [(True, "reshuffle_each_iteration=True"), (None, "has no seed")])
def test_an_order_rebuilt_differently_names_its_cause(reshuffle, says):
    def answer(x, y, *, global_batch_size, num_replicas, seed, epoch):
        ds = tf.data.Dataset.from_tensor_slices((x, y))
        ds = ds.shuffle(len(x), seed=seed * 1000 + epoch) if reshuffle else ds.shuffle(len(x))
        return ds.batch(global_batch_size, drop_remainder=True)

    report = ex08.check_dataset(answer)
    assert not report.passed and says in report.problem and "a function of (seed, epoch) only" in report.problem, \
        report.problem


# ---------------------------------------------------------------- issue 38, round 13


def _op_seed_dataset(op_seed):
    def answer(x, y, *, global_batch_size, num_replicas, seed, epoch):
        ds = tf.data.Dataset.from_tensor_slices((x, y))
        ds = ds.shuffle(len(x), seed=op_seed(seed, epoch, num_replicas), reshuffle_each_iteration=False)
        return ds.batch(global_batch_size, drop_remainder=True)
    return answer


@pytest.mark.parametrize("op_seed, says", [
    (lambda s, e, r: s + e, None),                                              # the solution's: right
    (lambda s, e, r: s + e * r, "(1, 1) gives another order with num_replicas=1"),  # q3_wrong_r13_replica_seed
    (lambda s, e, r: s + e + (r > 4), "(1, 1) gives another order with num_replicas=8"),  # replica_batch_seed
    (lambda s, e, r: (s + e) % 2 ** 31, "epochs 1 and 2 of seed 2147483646 give the same order"),  # mod_2_31
    (lambda s, e, r: s + e % 2 ** 20, "epochs 0 and 4294967296 of seed 0 give the same order"),  # epoch_20bits
])
def test_orders_seen_across_replica_counts_seed_wraps_and_epoch_bits(op_seed, says):
    """The planted bugs of round 13: the order depends on num_replicas past epoch 0 (or only beyond 4 replicas);
    (seed + epoch) % 2**31 (2**31 - 1 is 0 to TensorFlow); the epoch kept in 20 bits."""
    report = ex08.check_dataset_orders(_op_seed_dataset(op_seed))
    if says is None:
        assert report.passed, report.problem
    else:
        assert not report.passed and says in report.problem and "the rule" in report.problem, report.problem


# ---------------------------------------------------------------- issue 38, round 14


def test_prediction_by_a_copy_of_the_function_or_a_child_process_is_named():
    """The planted bugs: smallest_accum_steps' definition lifted out of gpukit/batching.py with ast and exec'd
    (q1_wrong_r14_ast_copy_batching; a fresh importlib copy is the same code), and run in a child Python
    (q1_wrong_r14_subprocess_batching): the shared watch of copies and of started processes name the rule."""
    stem = blind.stem("08")
    copy = ("import ast as _ast, gpukit.batching as _b\n"
            "_fn = next(n for n in _ast.parse(open(_b.__file__).read()).body\n"
            "           if isinstance(n, _ast.FunctionDef) and n.name == 'smallest_accum_steps')\n"
            "_fn.name = '_k'\n_ns = {'whole': lambda name, v: v}\nexec(compile(_ast.Module(body=[_fn], type_ignores=[]), '<cell>', 'exec'), _ns)\n"
            "predicted = (N_EXAMPLES // GLOBAL_BATCH, _ns['_k'](GLOBAL_BATCH, NUM_REPLICAS, MAX_PER_REPLICA))\n")
    message = blind.grade(stem, "q1", copy)
    assert "calls a copy of gpukit.batching.smallest_accum_steps's code: the rule is a prediction" in message, message
    child = ("import subprocess, sys\nsubprocess.run([sys.executable, '-c', 'pass'])\n"
             "predicted = (N_EXAMPLES // GLOBAL_BATCH, 4)\n")
    message = blind.grade(stem, "q1", child)
    assert "started a child process" in message and "the rule is predicted must be computed" in message, message


@pytest.mark.parametrize("precision, case, says", [
    # q2_wrong_r14_unknown_cc_{split,cluster}_fp32: float32 for GPUs of unknown capability, split or on several machines
    (lambda case, p: "float32" if case[0] == "GPU" and case[4] is None and case[2] > 1 else p, ("GPU", 4, 2, False, None),
     "the compute capability is unknown: the question lets you assume float16 tensor cores (7.0 and later), whatever"),
    # q2_wrong_r14_old_gpu_split_fp16: float16 "to halve the memory" for old GPUs whose model is split
    (lambda case, p: "mixed_float16" if not case[3] and case[0] == "GPU" and p == "float32" else p,
     ("GPU", 4, 1, False, 6.1), "compute capability 6.1 has no tensor cores: the advisor keeps float32, whether"),
])
def test_choose_unknown_and_old_gpus_whose_model_is_split(precision, case, says):
    assert ex08.check_choose(choose, cases=[case]).passed
    problem = ex08.check_choose(_choose_with(precision=precision), cases=[case]).problem
    assert says in problem, problem


def _round14_dataset(with_batch=False, cap=None, freeze=False):
    """The solution's pipeline (a full shuffle seeded by seed + epoch) with one planted bug: the global batch in the
    seed (q3_wrong_r14_depends_on_batch_size), a buffer capped (q3_wrong_r14_buffer_cap_50k), the caller's arrays made
    read-only (q3_wrong_r14_freeze_inputs)."""
    def answer(x, y, *, global_batch_size, num_replicas, seed, epoch):
        if freeze:
            x.setflags(write=False)
        op_seed = seed + epoch + (global_batch_size if with_batch else 0)
        ds = tf.data.Dataset.from_tensor_slices((x, y))
        ds = ds.shuffle(min(len(x), cap or len(x)), seed=op_seed, reshuffle_each_iteration=False)
        return ds.batch(global_batch_size, drop_remainder=True)
    return answer


@pytest.mark.parametrize("answer, says", [
    (_round14_dataset(with_batch=True), "(1, 1) gives another order with num_replicas=1 and global_batch_size=20"),
    (_round14_dataset(cap=50_000), "on 100003 examples, the shuffle buffer holds 50000 of the 100003 elements"),
])
def test_orders_independent_of_the_global_batch_and_buffers_of_every_size(answer, says):
    problem = ex08.check_dataset_orders(answer).problem
    assert problem and says in problem and "the rule" in problem, problem


def test_the_callers_arrays_keep_their_flags():
    assert ex08.check_dataset(_round14_dataset()).passed
    problem = ex08.check_dataset(_round14_dataset(freeze=True)).problem
    assert "made the caller's x or y read-only (setflags(write=False)): the rule" in problem, problem


# ---------------------------------------------------------------- issue 38, round 15


def _round15_dataset(kind):
    """A full shuffle by a numpy permutation of (seed, epoch) with one planted bug: the shuffle seed folded so that
    two seeds collide (q3_wrong_r15_seed_big_epoch_wrap, q3_wrong_r15_xor_double), the examples paired once per seed
    and the pairs shuffled, each pair's members swapped (q3_wrong_r15_pairs_flip), the caller's x cleaned in place
    (q3_wrong_r15_x_negzero, q3_wrong_r15_x_nan_guard)."""
    def answer(x, y, *, global_batch_size, num_replicas, seed, epoch):
        key = [seed, epoch]
        if kind == "wrap":
            with np.errstate(over="ignore"):
                key = [int((np.int64(seed) << np.int64(33)) + np.int64(epoch)) % (2 ** 31 - 1)]
        if kind == "xor":
            key = [2 * (seed ^ epoch) % 2 ** 31]
        rng = np.random.default_rng(key)
        order = rng.permutation(len(x))
        if kind == "pairs":
            pairs = np.random.default_rng(seed).permutation(len(x) // 2 * 2).reshape(-1, 2)
            flip = rng.integers(0, 2, len(pairs)).astype(bool)
            pairs = np.where(flip[:, None], pairs[:, ::-1], pairs)[rng.permutation(len(pairs))]
            order = np.concatenate([pairs.ravel(), np.arange(len(pairs) * 2, len(x))])
        if kind == "negzero":
            x += 0.0
        if kind == "nan":
            np.nan_to_num(x, copy=False)
        ds = tf.data.Dataset.from_tensor_slices((x[order], y[order]))
        return ds.batch(global_batch_size, drop_remainder=True)
    return answer


@pytest.mark.parametrize("kind, says", [
    (None, None),
    ("wrap", "seeds 1073741823 and 1073741824 give the same order"),
    ("xor", "seeds 0 and 1073741824 give the same order"),
    ("pairs", "are next to each other in all 7 epochs of seed 0 read, in one order or the other"),
    ("negzero", "make_dataset rewrote values of the caller's x or y in place"),
    ("nan", "make_dataset rewrote values of the caller's x or y in place"),
])
def test_orders_seed_folds_fixed_partners_and_inputs_rewritten(kind, says):
    report = ex08.check_dataset_orders(_round15_dataset(kind))
    if says is None:
        assert report.passed, report.problem
    else:
        assert not report.passed and says in report.problem and "the rule" in report.problem, report.problem


def test_choose_capabilities_between_the_known_ones():
    """q2_wrong_r15_cc_table_known: a table of known capabilities gave 7.2 and 8.7 float32."""
    def table(kind, devices, machines, fits_one_device, compute_capability=None):
        strategy, precision = choose(kind, devices, machines, fits_one_device, compute_capability)
        return strategy, ("float32" if compute_capability in (7.2, 8.7) else precision)
    for case in [("GPU", 1, 1, True, 7.2), ("GPU", 2, 1, True, 8.7)]:
        assert ex08.check_choose(choose, cases=[case]).passed
        problem = ex08.check_choose(table, cases=[case]).problem
        assert f"compute capability {case[4]}" in problem and "precision 'float32'" in problem, problem


# ---------------------------------------------------------------- issue 38, round 16


def test_prediction_tensorflow_scalars_are_the_numbers():
    """q1_wrong_r16_tf_literals ((tf.constant(195), tf.constant(4))) crashed the check ("Attempt to convert a value
    (Ellipsis)"): ruled outside, the two numbers (as a NumPy array of them); wrong values are named as numbers'."""
    assert ex08.check_prediction((tf.constant(195), tf.constant(4)), *ARGS).passed
    assert ex08.check_prediction(tf.constant([195, 4]), *ARGS).passed
    assert "partial batch" in ex08.check_prediction((tf.constant(196), tf.constant(4)), *ARGS).problem


def test_choose_sixteen_devices_on_one_machine():
    """q2_wrong_r16_sixteen_gpus_multiworker: more than 8 devices taken for several machines."""
    wrong = _choose_with(strategy=lambda c, s: "MultiWorkerMirroredStrategy" if c[1] > 8 else s)
    problem = ex08.check_choose(wrong).problem
    assert "GPU x 16 on 1 machine(s)" in problem and "these devices are all in one" in problem, problem
    assert ex08.check_choose(choose).passed


def _round16_dataset(kind, tmp=None):
    """The solution's pipeline with one planted bug: the epoch modulo 10**6 or the seed modulo 10**9 in the shuffle
    seed (q3_wrong_r16_epoch_mod_million, seed_mod_billion); a cache file named by the shapes (disk_cache_stale), or a
    module-level cache of the examples keyed on the shapes (the same mistake without a file)."""
    kept = {}

    def answer(x, y, *, global_batch_size, num_replicas, seed, epoch):
        op_seed = {"epoch": seed * 1_000_003 + epoch % 10**6, "seed": seed % 10**9 * 1_000_003 + epoch}.get(
            kind, seed * 1_000_003 + epoch)
        if kind == "memo":
            x, y = kept.setdefault((x.shape, x.dtype.str, y.shape, y.dtype.str), (x.copy(), y.copy()))
        ds = tf.data.Dataset.from_tensor_slices((x, y))
        ds = ds.cache(f"{tmp}/cache_{x.shape}_{y.shape}") if kind == "file" else ds.cache()
        ds = ds.shuffle(len(x), seed=op_seed, reshuffle_each_iteration=False)
        return ds.batch(global_batch_size, drop_remainder=True)
    return answer


@pytest.mark.parametrize("kind, check, says", [
    (None, "orders", None),
    ("epoch", "orders", "epochs 0 and 1000000 of seed 0 give the same order"),
    ("seed", "orders", "seeds 0 and 1000000000 give the same order"),
    ("memo", "orders", "make_dataset gave an earlier call's examples (x[i] = i, not 40 + i)"),
    ("file", "dataset", "the pipeline caches to the file"),
])
def test_orders_far_epochs_seeds_and_examples_kept_between_calls(kind, check, says, tmp_path):
    answer = _round16_dataset(kind, tmp_path)
    report = ex08.check_dataset_orders(answer) if check == "orders" else ex08.check_dataset(answer)
    if says is None:
        assert report.passed, report.problem
    else:
        assert not report.passed and says in report.problem and "the rule" in report.problem, report.problem


# --------------------------------------------------------------------------- issue 38, round 17


def _round17_dataset(kind):
    """The solution's pipeline with one planted bug: the epoch in 24 bits (q3_wrong_r17_epoch_24bit), (seed, epoch)
    cast to int32 (seed_int32_cast), seed 0 replaced by a default (seed_zero_default), x[0] never moved
    (fisher_yates_fixed_first)."""
    def answer(x, y, *, global_batch_size, num_replicas, seed, epoch):
        if kind == "zero":
            seed = seed or 1337
        pair = [seed, epoch & 0xFFFFFF if kind == "24bit" else epoch]
        if kind == "int32":
            pair = [int(np.int64(v).astype(np.int32)) for v in pair]
        order = np.random.default_rng([int(v) % 2**63 for v in pair]).permutation(len(x))
        if kind == "fixed_first":
            order = np.concatenate([[0], order[order != 0]])
        ds = tf.data.Dataset.from_tensor_slices((x[order], y[order]))
        return ds.batch(global_batch_size, drop_remainder=True)
    return answer


@pytest.mark.parametrize("kind, says", [
    (None, None),
    ("24bit", "epochs 0 and 4294967296 of seed 0 give the same order"),
    ("int32", "epochs 0 and 4294967296 of seed 0 give the same order"),
    ("zero", "the rule: every seed from 0 to 2**31 - 2 its own order, 0 too"),
    ("fixed_first", "x[0] is at place 0 of the epoch in all 18 orders drawn"),
])
def test_orders_round_17_far_epochs_seed_zero_and_a_full_shuffle(kind, says):
    report = ex08.check_dataset_orders(_round17_dataset(kind))
    if says is None:
        assert report.passed, report.problem
    else:
        assert not report.passed and says in report.problem and "the rule" in report.problem, report.problem


def test_choose_a_cpu_given_a_compute_capability():
    """q2_wrong_r17_cc_any_kind: the capability decides the precision whatever the kind (a CPU gets mixed)."""
    def cc_any_kind(kind, devices, machines, fits_one_device, compute_capability=None):
        strategy, precision = ex08.reference_choice(kind, devices, machines, fits_one_device, compute_capability)
        if kind == "CPU" and compute_capability is not None and compute_capability >= 8:
            precision = "mixed_bfloat16"
        return strategy, precision

    case = [("CPU", 4, 3, True, 8.0)]
    problem = ex08.check_choose(cc_any_kind, cases=case).problem
    assert problem and "for CPU x 4 on 3 machine(s)" in problem and "on a CPU the advisor keeps float32" in problem
    assert ex08.check_choose(ex08.reference_choice, cases=case).passed
