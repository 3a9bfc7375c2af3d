"""Exercise 02's checks (gpukit.course.exercises.ex02): the right sharding passes, the stub is "not
solved yet" (without starting a cluster), "batch, then shard" names its symptom."""

from __future__ import annotations

import re

from gpukit import cluster
from gpukit.course.exercises import ex02


def test_sharding_reports_for_the_exercise():
    from gpukit import tf

    def right(ic, x, y, gb):
        ds = tf.data.Dataset.from_tensor_slices((x, y)).shard(ic.num_input_pipelines, ic.input_pipeline_id)
        return ds.batch(ic.get_per_replica_batch_size(gb), drop_remainder=True)

    def batch_then_shard(ic, x, y, gb):  # the classic mistake of older tutorials
        return tf.data.Dataset.from_tensor_slices((x, y)).batch(gb).shard(ic.num_input_pipelines, ic.input_pipeline_id)

    def stub(ic, x, y, gb):
        ...

    assert ex02.compare_sharding(right).passed
    assert ex02.compare_sharding(right, num_workers=3, global_batch_size=24, n_examples=96).passed
    report = ex02.compare_sharding(batch_then_shard)
    assert not report.passed and "Shard first" in report.problem
    assert not report.problem.startswith("not solved yet")
    assert ex02.compare_sharding(stub).problem.startswith("not solved yet")


def test_an_untouched_worker_main_is_not_attempted_without_a_cluster():
    def worker_main(ctx, shard_dataset, epochs, global_batch_size, n_examples, seed):
        """Train and return the weights."""
        ...

    before = cluster.started_pids()
    report = ex02.compare_cluster_training(worker_main, None)
    assert report.name == "worker_main" and report.problem.startswith("not solved yet")
    assert cluster.started_pids() == before


def test_sharding_catches_shard_then_batch_by_the_global_batch():
    from gpukit import tf

    def global_batches_per_worker(ic, x, y, gb):  # sharded, but each worker takes a whole global batch
        ds = tf.data.Dataset.from_tensor_slices((x, y)).shard(ic.num_input_pipelines, ic.input_pipeline_id)
        return ds.batch(gb, drop_remainder=True)

    report = ex02.compare_sharding(global_batches_per_worker)
    assert not report.passed and "do not form the global batches" in report.problem


# --------------------------------------------------------------------------- q3 predict


def test_check_steps_prediction_right_and_classic_mistakes():
    right = ex02.check_steps_prediction(lambda n, gb, w: n // gb)
    assert right.passed and right.details["counted"] == 1000 // 48
    assert ex02.check_steps_prediction(lambda n, gb, w: float(n // gb), n_examples=97, global_batch_size=12,
                                       num_workers=2).passed
    cases = [
        (lambda n, gb, w: n // gb // w, "every worker runs every step"),
        (lambda n, gb, w: n // (gb // w), "consumes the GLOBAL batch"),
        (lambda n, gb, w: -(-n // gb), "partial last batch is dropped"),
        (lambda n, gb, w: 7, "not the number of steps the workers run"),
        (lambda n, gb, w: 20.5, "whole number of steps"),
    ]
    for wrong, says in cases:
        report = ex02.check_steps_prediction(wrong)
        assert not report.passed and says in report.problem, (says, report.problem)
    assert ex02.check_steps_prediction(lambda *a: None).problem.startswith("not solved yet")
    copied = lambda n, gb, w: 20  # noqa: E731 - the public answer does not pass the hidden sizes
    assert ex02.check_steps_prediction(copied).passed
    assert not ex02.check_steps_prediction(copied, n_examples=500, global_batch_size=32, num_workers=4).passed


# --------------------------------------------------------------------------- q4 debug


def _shuffled(kind):
    from gpukit import tf

    constructions = []

    def fn(ic, x, y, gb, seed):
        per_worker = ic.get_per_replica_batch_size(gb)
        ds = tf.data.Dataset.from_tensor_slices((x, y))
        if kind == "unseeded":  # the planted bug: every worker draws its own order
            ds = ds.shuffle(len(x))
        elif kind == "seed per worker":
            ds = ds.shuffle(len(x), seed=seed + ic.input_pipeline_id)
        elif kind == "not replayed":  # the workers agree, but a restarted run gets a new order
            constructions.append(1)
            ds = ds.shuffle(len(x), seed=seed + (len(constructions) - 1) // ic.num_input_pipelines)
        elif kind in ("right", "batch first"):
            ds = ds.shuffle(len(x), seed=seed)
        if kind == "batch first":
            return ds.batch(gb, drop_remainder=True).shard(ic.num_input_pipelines, ic.input_pipeline_id)
        ds = ds.shard(ic.num_input_pipelines, ic.input_pipeline_id)
        return ds.batch(per_worker, drop_remainder=True)
    return fn


def test_check_shuffled_sharding_right_and_planted_bugs():
    assert ex02.check_shuffled_sharding(_shuffled("right")).passed
    assert ex02.check_shuffled_sharding(_shuffled("right"), num_workers=3, global_batch_size=12, n_examples=60,
                                        seed=4).passed
    cases = [
        ("unseeded", "more than once"),
        ("seed per worker", "more than once and .* never: their shards overlap"),
        ("not replayed", r"a restarted run \(same seed\) trains on a different order"),
        ("none", "not shuffled any more"),
        ("batch first", "not the global batch of 8"),
    ]
    for kind, says in cases:
        report = ex02.check_shuffled_sharding(_shuffled(kind))
        assert not report.passed and re.search(says, report.problem), (kind, report.problem)
        assert "seed=" not in report.problem and "same order" not in report.problem  # the symptom, not the fix

    def stub(ic, x, y, gb, seed):
        ...

    assert ex02.check_shuffled_sharding(stub).problem.startswith("not solved yet")


def test_hints_cover_every_question_of_exercise_02():
    assert set(ex02.HINTS) == {"q1", "q2", "q3", "q4"}


def _mean_loss_worker_main(ctx, shard_dataset, epochs, global_batch_size, n_examples, seed):
    from gpukit import cluster, keras, models, tf, training

    strategy = tf.distribute.MultiWorkerMirroredStrategy()
    x, y = cluster.training_data(n_examples, global_batch_size)
    dist = strategy.distribute_datasets_from_function(lambda ic: shard_dataset(ic, x, y, global_batch_size))
    with strategy.scope():
        model = models.mlp(input_shape=x.shape[1:], hidden=(32,), seed=seed)
        optimizer = keras.optimizers.Adam(1e-2)  # as the reference: only the loss differs
    training.build_optimizer(strategy, model, optimizer)
    loss_fn = training.per_example_loss()

    def replica(xb, yb):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(loss_fn(yb, model(xb, training=True)))  # the planted mistake
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    @tf.function
    def step(batch):
        return strategy.run(replica, args=batch)

    for _ in range(epochs):
        for batch in dist:
            step(batch)
    return model.get_weights()


def test_compare_cluster_training_catches_the_loss_divided_per_worker():
    """A real 2-process cluster: the worker's own step averages over its own examples (with Adam,
    nearly scale-invariant, the weights still differ by ~2e-3 after one epoch: measured)."""

    report = ex02.compare_cluster_training(_mean_loss_worker_main, epochs=1, n_examples=64)
    assert not report.passed and "differ from one-process training" in report.problem
    assert report.details["diff"] > report.details["atol"]
