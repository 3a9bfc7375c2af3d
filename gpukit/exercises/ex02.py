"""Checks of exercise 02 (lesson 02, ``solutions/02_multi_worker.ipynb``).

* ``compare_sharding``: q1, a ``shard_dataset`` whose workers together see exactly one global
  batch per step (run here, one dataset per simulated worker, no cluster);
* ``compare_cluster_training``: q2, a ``worker_main`` that trains on real worker processes
  (``gpukit.cluster.run``) to the weights of one-process training (``cluster.train_single``).
"""

from __future__ import annotations

from . import Report, is_stub, not_solved


def compare_sharding(shard_dataset, *, num_workers=2, global_batch_size=16, n_examples=64) -> Report:
    """Run ``shard_dataset(input_context, x, y, global_batch_size)`` for every worker here and
    check that, step by step, the workers together see exactly the global batches."""
    import numpy as np

    from .. import cluster

    name = "shard_dataset"
    ids = np.arange(n_examples)
    try:
        batches = cluster.global_batches(ids, ids, global_batch_size, num_workers, fn=shard_dataset)
        if batches is None:
            return Report(name, not_solved(name))
        cluster.check_sharding(n_examples, global_batch_size, num_workers, fn=shard_dataset)
    except NotImplementedError:
        return Report(name, not_solved(name))
    except Exception as e:  # noqa: BLE001 - the learner's code may raise anything
        return Report(name, f"{type(e).__name__}: {e}")
    return Report(name)


def compare_cluster_training(worker_main, shard_dataset=None, *, num_workers=2, epochs=2, global_batch_size=16,
                             n_examples=128, seed=0, timeout=300.0) -> Report:
    """Run ``worker_main(ctx, shard_dataset=..., epochs=..., global_batch_size=..., n_examples=...,
    seed=...)`` on ``num_workers`` real processes and compare every worker's returned weights with
    ``cluster.train_single`` (one process, same global batch and data order). ``shard_dataset``
    defaults to ``cluster.dataset_fn`` (the right one), so grading ``worker_main`` does not
    depend on the learner's answer to the sharding question. ``details``: ``diff``, ``atol``."""
    from .. import checks, cluster

    name, atol = "worker_main", 1e-4
    if is_stub(worker_main):  # no cluster start for an untouched exercise
        return Report(name, not_solved(name))
    shard_dataset = shard_dataset or cluster.dataset_fn
    kwargs = dict(shard_dataset=shard_dataset, epochs=epochs, global_batch_size=global_batch_size,
                  n_examples=n_examples, seed=seed)
    try:
        result = cluster.run(worker_main, num_workers, kwargs=kwargs, timeout=timeout, stream=False)
    except cluster.WorkerError as e:
        if e.error_type == "NotImplementedError":
            return Report(name, not_solved(name))
        return Report(name, f"{e.task} raised {e.error_type}: {str(e).splitlines()[0]}")
    except cluster.ClusterError as e:
        return Report(name, str(e).splitlines()[0])
    weights = [result.results[f"worker {i}"] for i in range(num_workers)]
    if any(is_stub(w) for w in weights):
        return Report(name, not_solved(name))
    reference = cluster.train_single(epochs=epochs, global_batch_size=global_batch_size, n_examples=n_examples,
                                     seed=seed)
    try:
        diff = max(checks.max_difference(w, reference["weights"]) for w in weights)
    except (ValueError, TypeError) as e:
        return Report(name, f"worker_main must return model.get_weights(): {e}")
    details = {"diff": diff, "atol": atol}
    if not diff <= atol:
        return Report(name, f"the workers' weights differ from one-process training by {diff:.3g}: shard "
                            f"before batching, batch by global_batch_size // num_workers, divide the loss by "
                            f"the GLOBAL batch (gpukit.training.make_train_step does)", details)
    return Report(name, None, details)
