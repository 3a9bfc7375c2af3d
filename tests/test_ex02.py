"""Exercise 02's checks (gpukit.exercises.ex02): the right sharding passes, the stub is "not
solved yet" (without starting a cluster), "batch, then shard" names its symptom."""

from __future__ import annotations

from gpukit import cluster
from gpukit.exercises import ex02


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
