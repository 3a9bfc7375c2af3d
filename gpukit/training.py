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


def _replica_loss(model, loss_fn, x, y, global_batch_size):
    logits = model(x, training=True)
    per_example = loss_fn(y, logits)
    loss = tf.nn.compute_average_loss(per_example, global_batch_size=global_batch_size)
    if model.losses:
        loss += tf.nn.scale_regularization_loss(tf.add_n(model.losses))
    return logits, loss


def make_train_step(strategy, model, optimizer, global_batch_size: int, loss_fn=None):
    """Return a ``tf.function`` that trains one distributed batch and returns the summed
    ``(loss, correct_predictions)`` over all replicas."""
    loss_fn = loss_fn or per_example_loss()
    build_optimizer(strategy, model, optimizer)

    def replica_step(x, y):
        with tf.GradientTape() as tape:
            logits, loss = _replica_loss(model, loss_fn, x, y, global_batch_size)
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        predicted = tf.argmax(logits, axis=-1, output_type=y.dtype)
        correct = tf.reduce_sum(tf.cast(tf.equal(predicted, y), tf.float32))
        return loss, correct

    @tf.function
    def train_step(batch):
        loss, correct = strategy.run(replica_step, args=batch)
        return strategy.reduce(SUM, loss, axis=None), strategy.reduce(SUM, correct, axis=None)

    return train_step


def gradients(strategy, model, x, y, global_batch_size: int | None = None, divide_by: str = "global",
              loss_fn=None):
    """The gradients one distributed step would apply (summed over replicas), as numpy arrays.

    ``divide_by`` chooses how each replica scales its summed per-example loss:
    ``"global"`` (right: ``compute_average_loss`` with the global batch),
    ``"per_replica"`` (the ``tf.reduce_mean`` mistake: ``num_replicas`` times too big) or
    ``"none"`` (``tape.gradient`` of the unreduced loss, i.e. a plain sum).
    """
    choices = ("global", "per_replica", "none")
    if divide_by not in choices:
        raise ValueError(f"divide_by={divide_by!r}; choose one of {choices}")
    global_batch_size = global_batch_size or len(x)
    loss_fn = loss_fn or per_example_loss()
    dist, _ = gdata.distribute(strategy, x, y, global_batch_size=global_batch_size)
    batch = next(iter(dist))

    def replica_grads(xb, yb):
        with tf.GradientTape() as tape:
            per_example = loss_fn(yb, model(xb, training=True))
            if divide_by == "global":
                loss = tf.nn.compute_average_loss(per_example, global_batch_size=global_batch_size)
            elif divide_by == "per_replica":
                loss = tf.reduce_mean(per_example)
            else:
                loss = per_example
        return tape.gradient(loss, model.trainable_variables)

    @tf.function
    def step(b):
        per_replica = strategy.run(replica_grads, args=b)
        return [strategy.reduce(SUM, g, axis=None) for g in per_replica]

    return [g.numpy() for g in step(batch)]


@dataclasses.dataclass
class History:
    """What ``train`` returns: per-epoch metrics like ``model.fit(...).history``."""

    history: dict
    epoch_seconds: list
    steps_per_epoch: int
    batch: gdata.BatchSizes

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
    dist, steps = _as_distributed(strategy, model, data, sizes.global_batch_size, shuffle, seed)
    train_step = make_train_step(strategy, model, optimizer, sizes.global_batch_size, loss_fn)
    history, seconds = {"loss": [], "accuracy": []}, []
    for epoch in range(epochs):
        start = time.perf_counter()
        results = [train_step(batch) for batch in dist]  # tensors: no host sync per step
        n_steps = max(len(results), 1)
        total_loss = float(sum(float(loss) for loss, _ in results))
        total_correct = float(sum(float(correct) for _, correct in results))
        seconds.append(time.perf_counter() - start)
        history["loss"].append(total_loss / n_steps)
        history["accuracy"].append(total_correct / (n_steps * sizes.global_batch_size))
        if verbose:
            print(f"epoch {epoch + 1}/{epochs}: loss {history['loss'][-1]:.4f}, "
                  f"accuracy {history['accuracy'][-1]:.3f}")
    return History(history, seconds, steps, sizes)
