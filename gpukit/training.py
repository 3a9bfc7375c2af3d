"""One distributed custom training loop (CTL) that is right on Keras 3 (lesson 01).

The whole recipe, in the order a step runs::

    with strategy.scope():                                  # variables mirrored per replica
        model = ...; optimizer = keras.optimizers.Adam()
        optimizer.build(model.trainable_variables)          # slots exist before step 1

    def replica_step(x, y):                                 # runs once per replica
        with tf.GradientTape() as tape:
            logits = model(x, training=True)
            per_example = loss_fn(y, logits)                # shape [per_replica_batch_size]
            loss = tf.nn.compute_average_loss(per_example, global_batch_size=GB)
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))  # sums grads over replicas
        return loss

    @tf.function
    def train_step(batch):
        per_replica_loss = strategy.run(replica_step, args=batch)
        return strategy.reduce("SUM", per_replica_loss, axis=None)   # = mean over the global batch

Three things make it equal to single-device training:

1. **Divide by the global batch.** Each replica's loss is its per-example sum divided by
   ``global_batch_size``; ``apply_gradients`` *sums* gradients over replicas, so the
   result is the gradient of the mean over the whole global batch. Dividing by the
   per-replica batch (``tf.reduce_mean``) makes gradients ``num_replicas`` times too big.
2. **Build the optimizer in scope, before the first step.** Otherwise Keras 3 creates
   its slot variables inside the first traced step under a ``tf.cond``, and a collective
   all-reduce in there fails with "You must feed a value for placeholder tensor".
3. **Reduce metrics across replicas.** Each replica returns sums (loss, correct
   predictions); ``strategy.reduce(SUM)`` adds them up.

The step core every technique module builds on (sharding, accumulation and cluster make
their batches and call these; a new lesson should too):

* ``replica_loss(model, x, y, *, global_batch_size, loss_fn, divide_by, regularization_divisor)``
  → ``(logits, loss)``: one replica's forward pass; ``scale_loss`` is the ``divide_by`` rule,
  ``correct_count`` the accuracy numerator, ``sum_over_replicas`` the reduction.
* ``make_train_step(strategy, model, optimizer, global_batch_size)``: one distributed step.
* ``batch_gradients(strategy, model, batches, *, global_batch_size, divide_by)``: the
  gradient of one distributed step (or of several micro-batches), nothing applied;
  ``gradients(strategy, model, x, y, ...)`` is the same from arrays.
* ``train_epochs(step, batches, *, epochs, batch_size, ...)``: the epoch loop with a
  ``History``; ``train(...)`` is everything together for arrays or a batched dataset.
"""

from __future__ import annotations

import dataclasses
import time

import numpy as np

from . import data as gdata
from ._args import whole
from ._tf import keras, tf

SUM = tf.distribute.ReduceOp.SUM


def per_example_loss():
    """Sparse categorical cross-entropy on logits, one value per example (no reduction)."""
    return keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction=None)


def check_in_scope(strategy, model, optimizer=None) -> None:
    """Raise ``ValueError`` if the model or optimizer was created outside ``strategy.scope()``.

    Variables made outside the scope are plain variables on one device: replicas would
    update one copy in turn (or fail), instead of one all-reduced update.
    """
    from .models import variables_in_scope

    if not variables_in_scope(strategy, model.variables):
        raise ValueError(
            "the model's variables were created outside strategy.scope(); build the model "
            "inside `with strategy.scope():` (or pass strategy=... to gpukit.models)"
        )
    if optimizer is not None and not variables_in_scope(strategy, [optimizer.iterations]):
        raise ValueError(
            "the optimizer was created outside strategy.scope(); create it inside "
            "`with strategy.scope(): optimizer = keras.optimizers.Adam(...)`"
        )


def build_optimizer(strategy, model, optimizer) -> None:
    """Create the optimizer's slot variables now, in scope (fix 2 in the module docstring)."""
    check_in_scope(strategy, model, optimizer)
    if not optimizer.built:
        with strategy.scope():
            optimizer.build(model.trainable_variables)


DIVIDE_BY = ("global", "per_replica", "none")


def scale_loss(per_example, global_batch_size: int, divide_by="global"):
    """One replica's loss from its per-example losses; ``divide_by`` says how.

    ``"global"`` (right): ``compute_average_loss(per_example, global_batch_size)``, the sum
    divided by the global batch. ``"per_replica"``: ``tf.reduce_mean`` (the classic mistake,
    ``num_replicas`` times too big). ``"none"``: the unreduced losses (``tape.gradient`` sums
    them). A number ``n``: ``reduce_sum / n`` (accumulation divides by its accumulated batch).
    A function ``f``: ``f(per_example, global_batch_size)`` (an exercise passes the learner's).
    """
    if callable(divide_by):
        return divide_by(per_example, global_batch_size)
    if divide_by == "global":
        return tf.nn.compute_average_loss(per_example, global_batch_size=global_batch_size)
    if divide_by == "per_replica":
        return tf.reduce_mean(per_example)
    if divide_by == "none":
        return per_example
    return tf.reduce_sum(per_example) / divide_by


def check_divide_by(divide_by) -> None:
    """Raise ``ValueError`` unless ``scale_loss`` understands ``divide_by``."""
    if callable(divide_by) or divide_by in DIVIDE_BY:
        return
    if isinstance(divide_by, (int, float)) and not isinstance(divide_by, bool) and divide_by > 0:
        return
    raise ValueError(f"divide_by={divide_by!r}; choose one of {DIVIDE_BY}, a positive number or a function")



def replica_loss(model, x, y, *, global_batch_size: int, loss_fn=None, divide_by="global",
                 regularization_divisor: int = 1):
    """The forward pass of one replica: ``(logits, loss)``. Call it inside a ``GradientTape``.

    ``loss`` is ``scale_loss(per_example, global_batch_size, divide_by)`` plus the model's
    regularization losses scaled for the replicas (``scale_regularization_loss``), divided by
    ``regularization_divisor`` when one update adds several losses (accumulation).
    """
    loss_fn = loss_fn or per_example_loss()
    logits = model(x, training=True)
    per_example = tf.cast(loss_fn(y, logits), tf.float32)
    loss = scale_loss(per_example, global_batch_size, divide_by)
    if model.losses:
        regularization = tf.nn.scale_regularization_loss(tf.add_n(model.losses))
        loss += regularization if regularization_divisor == 1 else regularization / regularization_divisor
    return logits, loss


def correct_count(logits, y):
    """How many predictions (argmax of ``logits``) equal the labels ``y``, as a float32 scalar."""
    predicted = tf.argmax(logits, axis=-1, output_type=y.dtype)
    return tf.reduce_sum(tf.cast(tf.equal(predicted, y), tf.float32))


def sum_over_replicas(strategy, *values):
    """``strategy.reduce(SUM, v)`` of each per-replica value (fix 3 in the module docstring)."""
    return tuple(strategy.reduce(SUM, v, axis=None) for v in values)


def make_train_step(strategy, model, optimizer, global_batch_size: int, loss_fn=None):
    """Return a ``tf.function`` that trains one distributed batch and returns the summed
    ``(loss, correct_predictions)`` over all replicas."""
    loss_fn = loss_fn or per_example_loss()
    build_optimizer(strategy, model, optimizer)

    def replica_step(x, y):
        with tf.GradientTape() as tape:
            logits, loss = replica_loss(model, x, y, global_batch_size=global_batch_size, loss_fn=loss_fn)
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss, correct_count(logits, y)

    @tf.function
    def train_step(batch):
        return sum_over_replicas(strategy, *strategy.run(replica_step, args=batch))

    return train_step


def batch_gradients(strategy, model, batches, *, global_batch_size: int, divide_by="global", loss_fn=None):
    """The gradients the distributed ``batches`` give, summed over replicas and over the
    batches (several micro-batches of one accumulated update, or one batch), as numpy arrays.

    Each replica's loss is ``scale_loss(per_example, global_batch_size, divide_by)``; with a
    tuple of ``divide_by`` choices every one is computed from the same forward pass and a
    dict ``{divide_by: grads}`` is returned. Nothing is applied; the model is unchanged.
    """
    several = isinstance(divide_by, (tuple, list))
    ways = tuple(divide_by) if several else (divide_by,)
    if not ways:
        raise ValueError(f"divide_by={divide_by!r} is empty; choose one of {DIVIDE_BY} (or a tuple of them)")
    for way in ways:
        check_divide_by(way)
    loss_fn = loss_fn or per_example_loss()

    def replica_grads(x, y):
        with tf.GradientTape(persistent=len(ways) > 1) as tape:
            per_example = tf.cast(loss_fn(y, model(x, training=True)), tf.float32)
            losses = [scale_loss(per_example, global_batch_size, way) for way in ways]
        return [tape.gradient(loss, model.trainable_variables) for loss in losses]

    @tf.function
    def step(batch):
        per_way = strategy.run(replica_grads, args=batch)
        return [list(sum_over_replicas(strategy, *grads)) for grads in per_way]

    totals = None
    for batch in batches:
        grads = [[g.numpy() for g in way] for way in step(batch)]
        totals = grads if totals is None else [[t + g for t, g in zip(ts, gs)] for ts, gs in zip(totals, grads)]
    if totals is None:
        raise ValueError("no batch to compute gradients from")
    return dict(zip(ways, totals)) if several else totals[0]


def gradients(strategy, model, x, y, global_batch_size: int | None = None, divide_by="global", loss_fn=None):
    """The gradients one distributed step on the first global batch of ``(x, y)`` would apply
    (summed over replicas), as numpy arrays. ``divide_by``: see ``scale_loss``."""
    check_divide_by(divide_by)
    global_batch_size = global_batch_size or len(x)
    dist, _ = gdata.distribute(strategy, x, y, global_batch_size=global_batch_size)
    return batch_gradients(strategy, model, [next(iter(dist))], global_batch_size=global_batch_size,
                           divide_by=divide_by, loss_fn=loss_fn)


@dataclasses.dataclass
class History:
    """What ``train`` returns: per-epoch metrics like ``model.fit(...).history``."""

    history: dict
    epoch_seconds: list
    steps_per_epoch: int
    batch: gdata.BatchSizes | None = None

    def __repr__(self) -> str:
        last = {k: round(v[-1], 4) for k, v in self.history.items()}
        return f"History(epochs={len(self.epoch_seconds)}, steps_per_epoch={self.steps_per_epoch}, last={last})"


def _as_distributed(strategy, model, data, global_batch_size, shuffle, seed):
    if isinstance(data, tf.data.Dataset):
        gdata.check_batched(data, model.input_shape[1:], global_batch_size)
        if data.element_spec[0].shape[0] is None:
            raise ValueError(
                "the dataset's batch size is not fixed; batch it with drop_remainder=True "
                "so every step has global_batch_size examples"
            )
        return strategy.experimental_distribute_dataset(data), int(data.cardinality().numpy())
    try:
        x, y = data
    except (TypeError, ValueError):
        raise ValueError("data must be a batched tf.data.Dataset or a pair of arrays (x, y)") from None
    x = np.asarray(x)
    if tuple(x.shape[1:]) != tuple(model.input_shape[1:]):
        raise ValueError(
            f"x has examples of shape {tuple(x.shape[1:])} but the model takes "
            f"{tuple(model.input_shape[1:])}; reshape the inputs or build the model for them"
        )
    dist, _ = gdata.distribute(strategy, x, y, global_batch_size=global_batch_size, shuffle=shuffle, seed=seed)
    return dist, len(x) // global_batch_size


def train_epochs(step, batches, *, epochs: int, batch_size: int, first_epoch: int = 0, before_step=None,
                 after_step=None, end_epoch=None, after_epoch=None, sizes=None, verbose: bool = False) -> History:
    """The epoch loop every technique shares (``train`` here, ``uneven_batches.train``,
    ``accumulation.train``, ``cluster.train_mwms``).

    Each epoch runs ``step(batch) -> (loss, correct)`` on every batch of ``batches`` (iterated
    again each epoch) and records the mean loss per step and the accuracy
    ``correct / (steps x batch_size)``, like ``model.fit(...).history``. Epochs
    ``first_epoch .. epochs-1`` run (a resumed run starts later). Hooks, all optional:
    ``before_step(epoch, i)`` and ``after_step(epoch, i, loss, correct)`` around each step;
    ``end_epoch(epoch, results) -> results`` may drop results that must not count (an
    unfinished accumulation); ``after_epoch(epoch, history)`` sees the updated history.
    Without ``after_step`` the values stay tensors until the epoch ends (no host sync per step).
    """
    history, seconds, steps = {"loss": [], "accuracy": []}, [], 0
    for epoch in range(first_epoch, epochs):
        start = time.perf_counter()
        results = []
        for i, batch in enumerate(batches):
            if before_step is not None:
                before_step(epoch, i)
            loss, correct = step(batch)
            if after_step is not None:
                after_step(epoch, i, loss, correct)
            results.append((loss, correct))
        steps = len(results)
        if end_epoch is not None:
            results = end_epoch(epoch, results)
        n_steps = max(len(results), 1)
        total_loss = float(sum(float(loss) for loss, _ in results))
        total_correct = float(sum(float(correct) for _, correct in results))
        seconds.append(time.perf_counter() - start)
        history["loss"].append(total_loss / n_steps)
        history["accuracy"].append(total_correct / (n_steps * batch_size))
        if verbose:
            print(f"epoch {epoch + 1}/{epochs}: loss {history['loss'][-1]:.4f}, "
                  f"accuracy {history['accuracy'][-1]:.3f}")
        if after_epoch is not None:
            after_epoch(epoch, history)
    return History(history, seconds, steps, sizes)


def train(strategy, model, optimizer, data, *, global_batch_size: int, epochs: int = 1,
          shuffle: bool = False, seed: int = 0, loss_fn=None, verbose: bool = False) -> History:
    """Train ``model`` with the distributed CTL and return a ``History``.

    ``data`` is ``(x, y)`` arrays (batched here by ``global_batch_size``, remainder dropped)
    or a ``tf.data.Dataset`` already batched by ``global_batch_size`` with
    ``drop_remainder=True``. Use ``strategy=tf.distribute.get_strategy()`` for the
    single-device reference: the same code with one replica. Everything is checked before
    the first step (scope, batch arithmetic, shapes).
    """
    whole("epochs", epochs)
    sizes = gdata.batch_sizes(strategy.num_replicas_in_sync, global_batch_size=global_batch_size)
    check_in_scope(strategy, model, optimizer)
    dist, _ = _as_distributed(strategy, model, data, sizes.global_batch_size, shuffle, seed)
    train_step = make_train_step(strategy, model, optimizer, sizes.global_batch_size, loss_fn)
    return train_epochs(train_step, dist, epochs=epochs, batch_size=sizes.global_batch_size, sizes=sizes,
                        verbose=verbose)


def fit_history(strategy, x, y, *, epochs=2, global_batch_size=32, learning_rate=1e-2, seed=0):
    """Keras ``fit`` of ``models.mlp`` under ``strategy`` (or none; lesson 02 compares CentralStorage with it): ``(model, history dict)``, fixed data order."""
    import contextlib

    from . import models
    from ._tf import keras

    with strategy.scope() if strategy is not None else contextlib.nullcontext():
        model = models.mlp(input_shape=x.shape[1:], seed=seed)
        model.compile(optimizer=keras.optimizers.Adam(learning_rate), metrics=["accuracy"],
                      loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    history = model.fit(x, y, batch_size=global_batch_size, epochs=epochs, shuffle=False, verbose=0)
    return model, history.history
