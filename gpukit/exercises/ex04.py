"""Checks of exercise 04 (lesson 04, ``solutions/04_gradient_accumulation.ipynb``).

* ``compare_accum_steps``: q1, the smallest number of micro-batches that fits memory
  (reference: ``gpukit.accumulation.smallest_accum_steps``);
* ``compare_accumulation``: q2, an accumulating step that trains like one large batch
  (reference: ``gpukit.training`` on one device).
"""

from __future__ import annotations

from . import Report, is_stub, not_solved, try_answer


def compare_accum_steps(choose_accum_steps, cases) -> Report:
    """Call the learner's ``choose_accum_steps(global_batch_size, num_replicas,
    max_per_replica_batch_size)`` on each case and compare with ``smallest_accum_steps``
    (a case with no valid split must raise ``ValueError``)."""
    from ..accumulation import smallest_accum_steps

    name = "choose_accum_steps"
    for gb, r, most in cases:
        try:
            expected = smallest_accum_steps(gb, r, most)
        except ValueError:
            expected = None
        try:
            got = try_answer(choose_accum_steps, gb, r, most)
        except ValueError:
            if expected is None:
                continue
            return Report(name, f"choose_accum_steps({gb}, {r}, {most}) raised ValueError, but "
                                f"accum_steps={expected} works ({gb // (r * expected)} per replica)")
        if got is None:
            return Report(name, not_solved(name))
        if expected is None:
            return Report(name, f"choose_accum_steps({gb}, {r}, {most}) returned {got!r}, but no "
                                f"split exists ({gb} is not a multiple of {r}): raise ValueError")
        if got != expected:
            return Report(name, f"choose_accum_steps({gb}, {r}, {most}) returned {got!r}, expected "
                                f"{expected}: the smallest k with {gb} divisible by {r} x k and "
                                f"{gb} / ({r} x k) <= {most}")
    return Report(name)


def compare_accumulation(make_accumulating_step, strategy, *, global_batch_size: int = 32, accum_steps: int = 2,
                         updates: int = 3, seed: int = 0, momentum: float = 0.0,
                         atol: float = 1e-5) -> Report:
    """Train ``updates`` updates with the learner's ``make_accumulating_step(strategy, model,
    optimizer, global_batch_size, accum_steps)`` (which returns ``micro_step(batch)``, called
    once per distributed micro-batch) and with ``gpukit.training`` on one device with batches
    of ``global_batch_size``, from the same weights and data; compare. SGD, so a wrong scale
    shows (Adam would hide a constant factor). ``details``: ``iterations``, ``updates``,
    ``weights_diff``, ``update_ratio`` (the learner's weight change / the large batch's; 1.0
    is right)."""
    import numpy as np

    from .. import checks, data, models, training
    from .._tf import keras, tf
    from ..accumulation import accum_sizes

    name = "make_accumulating_step"
    sizes = accum_sizes(strategy.num_replicas_in_sync, global_batch_size, accum_steps)
    x, y = data.synthetic(global_batch_size * updates, shape=(64,), seed=seed)

    def build(on):
        model = models.mlp(seed=seed, strategy=on)
        with on.scope():
            optimizer = keras.optimizers.SGD(0.1, momentum=momentum)
        training.build_optimizer(on, model, optimizer)
        return model, optimizer

    model, optimizer = build(strategy)
    initial = [np.array(w) for w in model.get_weights()]
    micro_step = try_answer(make_accumulating_step, strategy, model, optimizer, global_batch_size, accum_steps)
    if micro_step is None:
        return Report(name, not_solved(name))
    dist, _ = data.distribute(strategy, x, y, global_batch_size=sizes.micro_batch_size)
    results = [micro_step(batch) for batch in dist]
    if any(is_stub(r) for r in results):
        return Report(name, not_solved(name))
    single = tf.distribute.get_strategy()
    reference, ref_optimizer = build(single)
    training.train(single, reference, ref_optimizer, (x, y), global_batch_size=global_batch_size)
    moved = [a - b for a, b in zip(model.get_weights(), initial)]
    ref_moved = [a - b for a, b in zip(reference.get_weights(), initial)]
    iterations = int(optimizer.iterations.numpy())
    weights_diff = checks.max_difference(model, reference)
    scale = checks.scale_factor(moved, ref_moved)
    details = {"iterations": iterations, "updates": updates, "weights_diff": weights_diff, "update_ratio": scale,
               "atol": atol}
    if iterations != updates:
        return Report(name, f"the optimizer stepped {iterations} times for {updates} updates: call "
                            f"apply_gradients once every accum_steps micro-batches, not on every micro-batch", details)
    if not weights_diff <= atol:
        return Report(name, f"the weights differ from large-batch training by {weights_diff:.3g} (your updates "
                            f"are {scale:.2f} x the right size): divide each micro-batch's SUMMED loss by "
                            f"global_batch_size (the accumulated batch), and reset the sums after each update",
                      details)
    return Report(name, None, details)
