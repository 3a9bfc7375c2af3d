"""Checks of exercise 01 (lesson 01, ``solutions/01_mirrored_strategy.ipynb``).

Each ``compare_*`` runs the learner's function and the single-device reference
(``gpukit.training``) on the same data, compares them with ``gpukit.checks`` and returns a
``Report``:

* ``compare_loss``: q1, the per-replica loss divided by the GLOBAL batch;
* ``compare_train_step``: q2, a distributed training step equal to one-device training;
* ``compare_accuracy``: q3, an accuracy counted over replicas.
"""

from __future__ import annotations

from . import Report, is_stub, not_solved, try_answer


def compare_loss(compute_loss, seed: int = 0, n: int = 8, global_batch_size: int = 32,
                 atol: float = 1e-5) -> Report:
    """Call the learner's ``compute_loss(model, x, y, global_batch_size)`` on ``n`` examples (one
    replica's slice) and compare it with the per-example loss summed and divided by the
    global batch. ``details``: ``got``, ``expected``."""
    from .. import data, models, training
    from .._tf import tf

    x, y = data.synthetic(n, shape=(64,), seed=seed)
    model = models.mlp(seed=seed)
    expected = float(tf.reduce_sum(training.per_example_loss()(y, model(x))) / global_batch_size)
    details = {"expected": expected, "got": None}
    got = try_answer(compute_loss, model, x, y, global_batch_size)
    if got is None:
        return Report("compute_loss", not_solved("compute_loss"), details)
    got = tf.convert_to_tensor(got)
    if got.shape != ():
        return Report("compute_loss", "compute_loss must return one number (a scalar), not one value per example",
                      details)
    details["got"] = got = float(got)
    if not abs(got - expected) <= atol:
        return Report("compute_loss", f"compute_loss gave {got:.6f}, expected {expected:.6f}: divide the SUM "
                                      f"of the per-example losses by global_batch_size (not the per-replica batch)",
                      details)
    return Report("compute_loss", None, details)


def compare_train_step(make_train_step, strategy, steps: int = 3, seed: int = 0,
                       global_batch_size: int | None = None, learning_rate: float = 0.1,
                       atol: float = 1e-5) -> Report:
    """Train ``steps`` batches with the learner's ``make_train_step`` under ``strategy`` and
    with ``gpukit.training`` on one device, from the same weights and data; compare.

    The learner's factory is called as ``make_train_step(strategy, model, optimizer,
    global_batch_size)`` and must return a function ``train_step(batch) -> loss`` where the
    loss is the mean over the global batch (the replicas' losses reduced with SUM).
    ``details``: ``loss_diff``, ``weights_diff``, ``update_ratio`` (the learner's weight change
    / the reference's; 1.0 is right).
    """
    from .. import checks, data, models, training
    from .._tf import keras, tf

    import numpy as np

    name = "make_train_step"
    num_replicas = strategy.num_replicas_in_sync
    gb = global_batch_size or 8 * num_replicas
    x, y = data.synthetic(gb * steps, shape=(64,), seed=seed)

    def build(on):
        model = models.mlp(seed=seed, strategy=on)
        with on.scope():
            optimizer = keras.optimizers.SGD(learning_rate)
        training.build_optimizer(on, model, optimizer)
        return model, optimizer

    model, optimizer = build(strategy)
    initial = [np.array(w) for w in model.get_weights()]
    train_step = try_answer(make_train_step, strategy, model, optimizer, gb)
    if train_step is None:
        return Report(name, not_solved(name))
    dist, _ = data.distribute(strategy, x, y, global_batch_size=gb)
    losses = [train_step(batch) for batch in dist]
    if any(is_stub(v) for v in losses):
        return Report(name, not_solved(name))

    single = tf.distribute.get_strategy()
    reference, ref_optimizer = build(single)
    ref_step = training.make_train_step(single, reference, ref_optimizer, gb)
    ref_dist, _ = data.distribute(single, x, y, global_batch_size=gb)
    ref_losses = [float(ref_step(batch)[0]) for batch in ref_dist]

    try:
        got = [float(v) for v in losses]
        loss_diff = checks.max_difference(got, ref_losses)
    except (TypeError, ValueError):  # not one number per step (e.g. per-replica values)
        loss_diff = float("inf")
    weights_diff = checks.max_difference(model, reference)
    moved = [a - b for a, b in zip(model.get_weights(), initial)]
    ref_moved = [a - b for a, b in zip(reference.get_weights(), initial)]
    scale = checks.scale_factor(moved, ref_moved)
    details = {"loss_diff": loss_diff, "weights_diff": weights_diff, "update_ratio": scale}
    if not weights_diff <= atol:
        return Report(name, f"the weights differ from single-device training by {weights_diff:.3g} (your "
                            f"updates are {scale:.2f} x the right size): divide the loss by the "
                            f"GLOBAL batch and apply the gradients once per step", details)
    if not loss_diff <= atol:
        return Report(name, f"the returned loss differs from the single-device loss by {loss_diff:.3g}: "
                            f"return strategy.reduce(SUM, per_replica_loss, axis=None)", details)
    return Report(name, None, details)


def compare_accuracy(evaluate, strategy, seed: int = 0, n: int | None = None,
                     global_batch_size: int | None = None) -> Report:
    """Run the learner's ``evaluate(strategy, model, dist_dataset)`` and compare its accuracy
    with the single-device count over the same examples. ``details``: ``got``, ``expected``."""
    from .. import data, models

    import numpy as np

    gb = global_batch_size or 8 * strategy.num_replicas_in_sync
    n = n or 4 * gb
    x, y = data.synthetic(n, shape=(64,), seed=seed)
    # Half the labels follow the model's own predictions, so the accuracy is far from chance
    # and differs between seeds (a copied number does not pass another seed).
    model = models.mlp(seed=seed, strategy=strategy)
    predicted = np.argmax(model(x, training=False).numpy(), axis=-1)
    y = np.where(np.arange(n) % 2 == 0, predicted, y).astype("int32")
    seen = (n // gb) * gb  # the distributed dataset drops a partial last batch
    expected = float(np.mean(predicted[:seen] == y[:seen]))
    details = {"expected": expected, "got": None}
    dist, _ = data.distribute(strategy, x, y, global_batch_size=gb)
    got = try_answer(evaluate, strategy, model, dist)
    if got is None:
        return Report("evaluate", not_solved("evaluate"), details)
    try:
        details["got"] = got = float(got)
    except (TypeError, ValueError):
        got = None
    if got is None or not abs(got - expected) < 1e-6:
        return Report("evaluate", f"evaluate gave accuracy {got}, one device counts {expected}: sum the "
                                  f"correct counts over replicas, then divide by the number of examples", details)
    return Report("evaluate", None, details)
