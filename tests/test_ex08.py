"""Exercise 08's checks: each passes the solution, says "not solved yet" for the stub, and names the
symptom of the classic wrong answers (references: gpukit.batching, gpukit.advisor, numpy)."""

import numpy as np
import pytest

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
        ds = tf.data.Dataset.from_tensor_slices((x, y)).shuffle(len(x), seed=seed)
        return ds.batch(global_batch_size, drop_remainder=True)
    assert "same order" in ex08.check_dataset(same_every_epoch).problem

    def batches_shuffled(x, y, *, global_batch_size, num_replicas, seed, epoch):
        ds = tf.data.Dataset.from_tensor_slices((x, y)).batch(global_batch_size, drop_remainder=True)
        return ds.shuffle(100, seed=seed + epoch)
    assert "shuffle the examples before batching" in ex08.check_dataset(batches_shuffled).problem
    assert np.isfinite(1.0)


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
