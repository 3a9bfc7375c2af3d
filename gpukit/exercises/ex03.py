"""Checks of exercise 03 (lesson 03, ``solutions/03_heterogeneous_memory.ipynb``).

* ``compare_plan``: q1, per-replica batch sizes proportional to capacities;
* ``compare_replica_loss``: q2, a per-replica loss that keeps uneven batches exact (the summed
  gradient equals the single-device gradient, run with ``gpukit.sharding.gradients``);
* ``compare_sample_weights``: q3, Keras ``fit`` sample weights with the same effect.
"""

from __future__ import annotations

import math

from . import Report, not_solved, try_answer


def compare_plan(plan_batches, capacities, global_batch_size: int) -> Report:
    """Check a learner's ``plan_batches(capacities, global_batch_size) -> list of ints``:
    it sums to the global batch, every replica gets >= 1, each size is its ideal share
    ``capacity / sum * global`` rounded down or up (any such rounding is accepted)."""
    name = "plan_batches"
    got = try_answer(plan_batches, list(capacities), global_batch_size)
    if got is None:
        return Report(name, not_solved(name))
    try:
        sizes = [int(n) for n in got]
    except (TypeError, ValueError):
        return Report(name, f"{name}: returned {got!r}; return a list of ints, one per replica")
    ideal = [c / sum(capacities) * global_batch_size for c in capacities]
    details = {"sizes": sizes, "ideal": ideal}
    if len(sizes) != len(capacities):
        return Report(name, f"{name}: {len(sizes)} sizes for {len(capacities)} capacities", details)
    if sum(sizes) != global_batch_size:
        return Report(name, f"{name}: {sizes} sums to {sum(sizes)}, not {global_batch_size}: hand out the "
                            f"rounding remainder", details)
    if min(sizes) < 1:
        return Report(name, f"{name}: {sizes}: every replica needs at least one example", details)
    # rounding rule only where no replica had to be lifted to its minimum of one example
    far = [] if min(ideal) < 1 else [r for r, (n, q) in enumerate(zip(sizes, ideal))
                                     if not math.floor(q) <= n <= math.ceil(q)]
    if far:
        return Report(name, f"{name}: {sizes} for ideal shares {[round(q, 2) for q in ideal]}: replica "
                            f"{far[0]} is not its share rounded down or up", details)
    return Report(name, None, details)


def compare_replica_loss(replica_loss, capacities, global_batch_size: int, seed: int = 0) -> Report:
    """Check a learner's ``replica_loss(per_example_losses, global_batch_size) -> scalar``:
    with uneven per-replica batches (planned from ``capacities``) the summed gradient must
    equal the single-device gradient to 1e-6. ``details``: ``diff``, ``scale`` (how many times
    the right gradient), ``per_replica_batch_sizes``."""
    from .. import checks, data, devices, memory, models, sharding, strategies, training
    from .._tf import tf

    name = "replica_loss"
    probe = try_answer(replica_loss, tf.constant([1.0, 2.0, 3.0]), 6)
    if probe is None:
        return Report(name, not_solved(name))
    if tf.size(probe) != 1:
        return Report(name, f"{name}: return one number (a scalar), not one value per example")
    strategy = strategies.mirrored(devices.replica_devices()[: len(capacities)])
    sizes = memory.plan(capacities, global_batch_size, num_replicas=strategy.num_replicas_in_sync)
    x, y = data.synthetic(global_batch_size, shape=(10,), num_classes=4, seed=seed)
    model = models.mlp(input_shape=(10,), hidden=(16,), num_classes=4, seed=seed, strategy=strategy)
    got = sharding.gradients(strategy, model, x, y, sizes, divide_by=replica_loss)
    reference_model = models.mlp(input_shape=(10,), hidden=(16,), num_classes=4, seed=seed)
    reference = training.gradients(tf.distribute.get_strategy(), reference_model, x, y)
    diff = checks.max_difference(got, reference)
    scale = checks.scale_factor(got, reference)
    batches = list(sizes.per_replica_batch_sizes)
    details = {"diff": diff, "scale": scale, "per_replica_batch_sizes": batches}
    if not diff <= 1e-6:
        return Report(name, f"{name}: gradients differ from one device by {diff:.3g} (about {scale:.3g} x) with "
                            f"batches {batches}: divide the SUM of this replica's losses by the "
                            f"GLOBAL batch, whatever the replica's own batch size", details)
    return Report(name, None, details)


def compare_sample_weights(fit_sample_weights, per_replica_batch_sizes, seed: int = 0) -> Report:
    """Check a learner's ``fit_sample_weights(per_replica_batch_sizes) -> one weight per replica``:
    ``fit``'s reduction (each replica: weighted mean of its own examples, times 1/R; summed)
    must give the mean over the global batch for any per-example losses."""
    import numpy as np

    name = "fit_sample_weights"
    sizes = [int(n) for n in per_replica_batch_sizes]
    got = try_answer(fit_sample_weights, list(sizes))
    if got is None:
        return Report(name, not_solved(name))
    weights = np.asarray(got, dtype=np.float64).ravel()
    if weights.shape != (len(sizes),):
        return Report(name, f"{name}: return {len(sizes)} weights, one per replica")
    losses = np.random.default_rng(seed).random(sum(sizes))
    bounds = np.cumsum([0] + sizes)
    fit_style = sum(w * losses[a:b].mean() / len(sizes) for w, a, b in zip(weights, bounds, bounds[1:]))
    diff = abs(fit_style - losses.mean())
    details = {"fit_loss": float(fit_style), "global_mean": float(losses.mean()), "diff": float(diff)}
    if not diff <= 1e-9:
        return Report(name, f"{name}: fit's loss would be {fit_style:.6f}, the global mean is {losses.mean():.6f}: "
                            f"replica r must weigh R * n_r / G", details)
    return Report(name, None, details)
