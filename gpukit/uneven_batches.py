"""Uneven data parallelism for devices with different memory or speed (lesson 03).

Data parallelism usually gives every replica the same slice of the global batch. On a rig
of unequal devices (a 24 GB and a 12 GB GPU, an old and a new card) that wastes the big
device and can run the small one out of memory, while the fast device waits for the slow
one at every gradient sum. This module plans *uneven* per-replica batches and runs them
so that the gradient is still exactly the single-device gradient.

The plan itself (how many examples each device gets, and whether they fit) is
``gpukit.memory.plan``. Read this module top to bottom:

1. **Loss weighting** that keeps the gradient exact: in a custom loop each replica divides
   its *summed* per-example loss by the *global* batch (``compute_average_loss`` with
   ``global_batch_size``; ``gpukit.training`` already does this), whatever its own batch
   size; for Keras ``fit`` the equivalent is ``sample_weights``: ``R * n_r / G`` per
   example of replica ``r``.
2. **Run it** (``UnevenBatches``, ``gradients``, ``train``): each replica gets its own
   slice through ``strategy.experimental_distribute_values_from_function``; the step, the
   gradient and the epoch loop are ``gpukit.training``'s, unchanged.
3. **Stragglers** (``straggler_benchmark``): a synchronous step lasts as long as its
   slowest replica; with capacity-proportional batches the slow devices get less work.
   Simulated with threads that sleep in proportion to their work (a CPU has no slow GPU).

Sections 1 and 3 are plain Python; TensorFlow loads only in section 2.
"""

from __future__ import annotations

import numbers
import threading
import time

from ._args import whole
from .batching import check_capacities, sample_weights  # noqa: F401  (lesson 03 reads uneven_batches.sample_weights)
from .memory import Plan

# ---------------------------------------------------------------------------------------
# 1. Loss weighting: ``sample_weights`` (pure arithmetic, in gpukit.batching) makes Keras ``fit``
#    exact with uneven batches; a custom loop divides each replica's summed loss by G instead.
# ---------------------------------------------------------------------------------------


# ---------------------------------------------------------------------------------------
# 2. Run it: uneven per-replica batches in a real distributed step
# ---------------------------------------------------------------------------------------


def _offsets(sizes) -> list[int]:
    out = [0]
    for n in sizes:
        out.append(out[-1] + n)
    return out


class UnevenBatches:
    """Iterate over ``(x, y)`` in global batches, replica ``r`` getting ``sizes[r]`` examples.

    Each step's global batch is ``x[k*G:(k+1)*G]`` (the same batches one device would see,
    remainder dropped); replica ``r`` gets its contiguous slice, delivered with
    ``strategy.experimental_distribute_values_from_function``. Use it wherever a
    distributed dataset goes, e.g. with ``gpukit.training.make_train_step``.
    """

    def __init__(self, strategy, x, y, per_replica_batch_sizes):
        import numpy as np

        sizes = list(per_replica_batch_sizes.per_replica_batch_sizes if isinstance(per_replica_batch_sizes, Plan)
                     else per_replica_batch_sizes)
        if len(sizes) != strategy.num_replicas_in_sync:
            raise ValueError(f"{len(sizes)} batch sizes for {strategy.num_replicas_in_sync} replicas: give one per replica")
        if any(isinstance(n, bool) or not isinstance(n, numbers.Integral) or n < 1 for n in sizes):
            raise ValueError(f"per-replica batch sizes {sizes} must be ints >= 1")
        self.x, self.y = np.asarray(x), np.asarray(y)
        if len(self.x) != len(self.y):
            raise ValueError(f"x has {len(self.x)} examples but y has {len(self.y)}; they must match")
        self.sizes = [int(n) for n in sizes]
        self.global_batch_size = sum(self.sizes)
        self.steps = len(self.x) // self.global_batch_size
        if self.steps == 0:
            raise ValueError(f"only {len(self.x)} examples for a global batch of {self.global_batch_size}; "
                             f"use a smaller batch or more data")
        self.strategy = strategy
        self._offsets = _offsets(self.sizes)

    def __len__(self) -> int:
        return self.steps

    def batch(self, step: int):
        """The distributed batch of step ``step``: a ``(PerReplica x, PerReplica y)`` pair."""
        from ._tf import tf

        if isinstance(step, bool) or not isinstance(step, numbers.Integral) or not 0 <= step < self.steps:
            raise ValueError(f"step={step!r} must be an int in 0..{self.steps - 1} (the data has {self.steps} steps)")
        start = step * self.global_batch_size

        def value_fn(context):
            r = context.replica_id_in_sync_group
            lo, hi = start + self._offsets[r], start + self._offsets[r + 1]
            return tf.constant(self.x[lo:hi]), tf.constant(self.y[lo:hi])

        return self.strategy.experimental_distribute_values_from_function(value_fn)

    def __iter__(self):
        for step in range(self.steps):
            yield self.batch(step)


def gradients(strategy, model, x, y, per_replica_batch_sizes, divide_by: str = "global", loss_fn=None) -> list:
    """The summed gradient one distributed step applies with uneven per-replica batches.

    ``divide_by="global"`` divides each replica's summed loss by the global batch (right);
    ``"per_replica"`` takes each replica's mean (``tf.reduce_mean``): with uneven batches
    this does not just scale the gradient, it over-weights the examples of small replicas.
    A function ``divide_by(per_example_losses, global_batch_size) -> scalar`` is used as
    given (the lesson-03 exercise passes the learner's). The step is
    ``gpukit.training.batch_gradients`` on the first uneven batch.
    """
    from . import training

    if not callable(divide_by) and divide_by not in ("global", "per_replica"):
        raise ValueError(f"divide_by={divide_by!r}; choose 'global', 'per_replica' or a function")
    batches = UnevenBatches(strategy, x, y, per_replica_batch_sizes)
    return training.batch_gradients(strategy, model, [batches.batch(0)], global_batch_size=batches.global_batch_size,
                                    divide_by=divide_by, loss_fn=loss_fn)


def train(strategy, model, optimizer, x, y, per_replica_batch_sizes, *, epochs: int = 1, loss_fn=None) -> dict:
    """Train with uneven per-replica batches through ``gpukit.training`` (its step and epoch loop).

    Returns ``{"loss": [...], "accuracy": [...]}`` per epoch (means over the epoch's steps),
    like ``fit``'s history. Equal to single-device training on the same global batches.
    """
    from . import training

    whole("epochs", epochs)
    batches = UnevenBatches(strategy, x, y, per_replica_batch_sizes)
    train_step = training.make_train_step(strategy, model, optimizer, batches.global_batch_size, loss_fn)
    return training.train_epochs(train_step, batches, epochs=epochs, batch_size=batches.global_batch_size).history


# ---------------------------------------------------------------------------------------
# 3. Stragglers: a synchronous step waits for its slowest replica
# ---------------------------------------------------------------------------------------


def simulated_step_time(per_replica_batch_sizes, speeds, seconds_per_example: float) -> float:
    """Step time a synchronous step *would* take: the slowest replica's ``n_r / speed_r``."""
    return max(n * seconds_per_example / s for n, s in zip(per_replica_batch_sizes, speeds))


def straggler_benchmark(per_replica_batch_sizes, speeds, *, seconds_per_example: float = 2e-4,
                        steps: int = 5, timeout: float = 60.0) -> dict:
    """*Measure* synchronous steps on simulated devices of different ``speeds``.

    One thread per replica "computes" its batch by sleeping ``n_r * seconds_per_example /
    speed_r`` (simulated: a CPU has no slow GPU; sleeping keeps the timing independent of
    how busy the cores are), then waits at a barrier, as replicas wait for the gradient
    all-reduce. Returns the measured ``step_seconds`` (median over ``steps``), each
    replica's ``busy_seconds`` and ``idle_fraction`` (time spent waiting for the slowest).
    """
    sizes = [int(n) for n in per_replica_batch_sizes]
    speeds = check_capacities(speeds, len(sizes), name="speeds")
    if seconds_per_example <= 0 or steps < 1:
        raise ValueError("seconds_per_example must be > 0 and steps >= 1")
    work = [n * seconds_per_example / s for n, s in zip(sizes, speeds)]
    barrier = threading.Barrier(len(sizes) + 1, timeout=timeout)
    stop = threading.Event()

    def replica(r):
        while True:
            barrier.wait()  # step starts
            if stop.is_set():
                return
            time.sleep(work[r])  # the simulated compute of this replica's batch
            barrier.wait()  # all-reduce: nobody continues before the slowest arrives

    threads = [threading.Thread(target=replica, args=(r,), daemon=True) for r in range(len(sizes))]
    for t in threads:
        t.start()
    durations = []
    try:
        for _ in range(steps):
            start = time.perf_counter()
            barrier.wait()
            barrier.wait()
            durations.append(time.perf_counter() - start)
    finally:
        stop.set()
        try:
            barrier.wait()
        except threading.BrokenBarrierError:
            pass
        for t in threads:
            t.join(timeout)
    step = sorted(durations)[len(durations) // 2]
    return {"per_replica_batch_sizes": sizes, "speeds": speeds, "step_seconds": step,
            "busy_seconds": work, "idle_fraction": [1 - w / step for w in work]}
