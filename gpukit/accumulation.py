"""Gradient accumulation that is exact under a distribution strategy (lesson 04).

Accumulation trades time for memory: a device that cannot hold a batch of
``global_batch_size`` examples runs ``accum_steps`` smaller *micro-batches*, adds their
gradients up, and updates the weights once. The batch arithmetic, asserted everywhere::

    global_batch_size = per_replica_batch_size x num_replicas x accum_steps
    micro_batch_size  = per_replica_batch_size x num_replicas   (one step on all replicas)

The recipe, in the order it runs (``Accumulator`` below is this, checked)::

    with strategy.scope():
        model, optimizer = ..., keras.optimizers.Adam()
        accumulators = [tf.Variable(tf.zeros_like(v), trainable=False,
                                    synchronization=ON_READ, aggregation=SUM)
                        for v in model.trainable_variables]      # one private copy per replica

    def replica_micro_step(x, y):                        # k times per update, no communication
        with tf.GradientTape() as tape:
            per_example = loss_fn(y, model(x, training=True))
            loss = tf.reduce_sum(per_example) / global_batch_size   # the *accumulated* batch
        for a, g in zip(accumulators, tape.gradient(loss, model.trainable_variables)):
            a.assign_add(g)

    def replica_apply():                                 # once per update
        optimizer.apply_gradients(zip(accumulators, model.trainable_variables))  # 1 all-reduce
        for a in accumulators: a.assign(tf.zeros_like(a))

Why it is exact: the mean loss over a batch of ``global_batch_size`` examples is the sum of
the per-example losses divided by ``global_batch_size``; gradients are linear, so summing
each micro-batch's gradient of ``sum(per_example) / global_batch_size`` over the k
micro-batches and all replicas gives exactly that gradient. Dividing each micro-batch by its
own size instead (a mean per micro-batch, then adding) makes gradients ``accum_steps``
times too big; that is what ``gradients(divide_by="micro_batch")`` measures.

Why the accumulators live *per replica* (``synchronization=ON_READ``) and are all-reduced
once per k micro-batches:

* a sum is a sum: adding on each replica first and all-reducing once gives the same total
  as all-reducing every micro-batch, so there is nothing to gain from communicating early;
* communication is the expensive part of data parallelism (lesson 07): one all-reduce per
  update instead of k cuts gradient traffic by a factor of k. A *mirrored* accumulator
  (the default for variables made in scope) would be all-reduced on every ``assign_add``;
* each replica only needs memory for its own copy, the same size as its gradients.

Why the two step functions are separate ``tf.function``s chosen in Python, not one
function with ``tf.cond(step % k == 0, apply, ...)``: ``apply_gradients`` all-reduces
through a ``merge_call``, and a ``merge_call`` inside a ``tf.cond`` in a replica context is
not supported. That is exactly why Keras' own ``optimizer(gradient_accumulation_steps=k)``
fails under any tf.distribute strategy (keras-team/keras#20582; reproduced in
tests/test_accumulation.py). Separate calls also keep one micro-batch's activations alive
at a time, which is the whole point; a Python loop over k micro-batches unrolled inside one
graph lets TensorFlow run them concurrently and gives the memory back to activations.

The optimizer only sees one ``apply_gradients`` per update, so ``optimizer.iterations`` and
any learning-rate schedule advance once per ``accum_steps`` micro-batches, as in
large-batch training. Mixed precision: with a ``keras.optimizers.LossScaleOptimizer`` each
micro-batch loss is multiplied by the current scale (which only changes at an update) and
the optimizer unscales the sum. Keras checks the gradients for inf/NaN on replica 0 only,
so before applying, the replicas all-reduce a "bad step" flag and an inf anywhere is made
visible everywhere: the update is skipped and the scale halved on every replica.

A dataset that ends part-way through an accumulation (fewer than k micro-batches left)
is handled by ``partial=``: ``"drop"`` (default) throws the unfinished sum away, like
``drop_remainder=True`` for batches, so every update has exactly ``global_batch_size``
examples; ``"apply"`` applies it, rescaled to the mean over the examples it saw (the same
update as a smaller last batch). Each epoch starts a fresh accumulation.

BatchNormalization is the one layer accumulation cannot make exact: it normalizes each
micro-batch with that micro-batch's own mean and variance (not the whole update's), and moves
its moving statistics once per micro-batch. Measured in lesson 04 (digits, one device, SGD):
the weights after a few updates differ from large-batch training by ~1e-1, against ~1e-7
without it. So ``Accumulator``, ``train``, ``gradients``, ``AccumulatingModel`` and ``fit``
refuse a model with BatchNormalization (``check_batch_norm``), naming the alternatives: a
normalization that does not depend on the batch (``GroupNormalization``,
``LayerNormalization``), or ``allow_batch_norm=True`` to accept the difference knowingly.

For Keras ``fit``: ``AccumulatingModel`` runs the micro-batches inside ``train_step`` (a
``tf.while_loop``, one ``apply_gradients`` outside any ``cond``); ``fit`` below checks the
inputs and uses it. Same equality, less memory saved (the input batch is loaded whole).
"""

from __future__ import annotations

import dataclasses
import time

import numpy as np

from . import data as gdata
from . import training
from ._args import whole
from ._tf import keras, tf
from .batching import AccumSizes, accum_sizes, check_accum_steps, smallest_accum_steps  # noqa: F401
from .launch.processes import ChildProbe

PARTIAL = ("drop", "apply")


def _check_partial(partial) -> str:
    if partial not in PARTIAL:
        raise ValueError(f"partial={partial!r}; choose 'drop' (discard an unfinished accumulation) "
                         f"or 'apply' (apply it as a smaller batch)")
    return partial


def check_batch_norm(model, sizes: AccumSizes, allow_batch_norm: bool = False) -> None:
    """Refuse (``ValueError``) a model with BatchNormalization unless ``allow_batch_norm``.

    With ``accum_steps > 1`` each micro-batch is normalized with its own statistics, so the
    update is not the large batch's (see the module docstring). The message names the layers,
    the batch sizes involved and the two ways out.
    """
    from .models import _layers, has_batch_norm

    if allow_batch_norm or sizes.accum_steps == 1 or not has_batch_norm(model):
        return
    names = [layer.name for layer in _layers(model) if isinstance(layer, keras.layers.BatchNormalization)]
    raise ValueError(
        f"the model has BatchNormalization ({', '.join(names)}): with accum_steps={sizes.accum_steps} each "
        f"micro-batch normalizes with its own mean and variance ({sizes.per_replica_batch_size} examples per "
        f"replica, {sizes.micro_batch_size} with synchronized=True) instead of those of the "
        f"{sizes.global_batch_size} examples of one update, and the moving statistics move once per "
        f"micro-batch, so training differs from large batches (lesson 04 measures it). Use a normalization "
        f"that does not depend on the batch (keras.layers.GroupNormalization or LayerNormalization), or "
        f"accept the difference with allow_batch_norm=True."
    )


class Accumulator:
    """Per-replica gradient accumulators and the step functions that use them.

    ``micro_step(batch)`` runs one distributed micro-batch (a batch of ``micro_batch_size``
    from ``strategy.experimental_distribute_dataset``) and applies the update on every
    ``accum_steps``-th call; ``finish()`` ends an accumulation early (end of the data).
    Used by ``train`` below; lesson 04 drives it by hand.
    """

    def __init__(self, strategy, model, optimizer, *, global_batch_size: int, accum_steps: int,
                 loss_fn=None, allow_batch_norm: bool = False):
        self.sizes = accum_sizes(strategy.num_replicas_in_sync, global_batch_size, accum_steps)
        check_batch_norm(model, self.sizes, allow_batch_norm)
        training.build_optimizer(strategy, model, optimizer)  # checks scope; slots before step 1
        self.strategy, self.model, self.optimizer = strategy, model, optimizer
        self.loss_fn = loss_fn or training.per_example_loss()
        self.loss_scaled = isinstance(optimizer, keras.optimizers.LossScaleOptimizer)
        with strategy.scope():
            self.accumulators = [
                tf.Variable(tf.zeros(v.shape, v.dtype), trainable=False, name=f"accum_{i}",
                            synchronization=tf.VariableSynchronization.ON_READ,
                            aggregation=tf.VariableAggregation.SUM)
                for i, v in enumerate(model.trainable_variables)
            ]
        self.pending = 0  # micro-batches added up since the last update
        self._accumulate = tf.function(self._make_step(apply=False))
        self._accumulate_and_apply = tf.function(self._make_step(apply=True))
        self._apply_only = tf.function(self._make_apply())
        self._reset = tf.function(lambda: self.strategy.run(self._replica_reset))

    # --- what runs on each replica -------------------------------------------------------
    def _replica_accumulate(self, x, y):
        s, variables = self.sizes, self.model.trainable_variables
        with tf.GradientTape() as tape:  # regularization: added k times per update, so 1/k each time
            logits, loss = training.replica_loss(self.model, x, y, global_batch_size=s.global_batch_size,
                                                 loss_fn=self.loss_fn, regularization_divisor=s.accum_steps)
            scaled = self.optimizer.scale_loss(loss) if self.loss_scaled else loss
        for acc, grad in zip(self.accumulators, tape.gradient(scaled, variables)):
            acc.assign_add(tf.cast(grad, acc.dtype))
        # loss: this replica's share of the micro-batch mean
        return loss * s.accum_steps, training.correct_count(logits, y)

    def _replica_apply(self, scale):
        grads = [acc.read_value() * tf.cast(scale, acc.dtype) for acc in self.accumulators]
        if self.loss_scaled and self.sizes.num_replicas > 1:
            # LossScaleOptimizer looks for inf/NaN on replica 0 only: share the verdict.
            bad = tf.cast(tf.logical_not(self.optimizer.check_finite(grads)), tf.float32)
            bad = tf.distribute.get_replica_context().all_reduce(training.SUM, bad)
            grads = [g * tf.where(bad > 0, tf.constant(np.nan, g.dtype), tf.ones([], g.dtype)) for g in grads]
        self.optimizer.apply_gradients(zip(grads, self.model.trainable_variables))
        self._replica_reset()

    def _replica_reset(self):
        for acc in self.accumulators:
            acc.assign(tf.zeros_like(acc))

    # --- distributed steps -------------------------------------------------------------------
    def _make_step(self, apply: bool):
        def replica_step(x, y):
            loss, correct = self._replica_accumulate(x, y)
            if apply:
                with tf.control_dependencies([loss]):
                    self._replica_apply(tf.constant(1.0))
            return loss, correct

        def step(batch):
            return training.sum_over_replicas(self.strategy, *self.strategy.run(replica_step, args=batch))

        return step

    def _make_apply(self):
        def step(scale):
            self.strategy.run(self._replica_apply, args=(scale,))

        return step

    # --- what the training loop calls -------------------------------------------------------
    def micro_step(self, batch):
        """Add one micro-batch's gradients; apply and reset on every ``accum_steps``-th call.

        Returns ``(loss, correct, applied)``: the micro-batch mean loss, its number of correct
        predictions, and whether the weights were updated by this call.
        """
        self.pending += 1
        if self.pending == self.sizes.accum_steps:
            loss, correct = self._accumulate_and_apply(batch)
            self.pending = 0
            return loss, correct, True
        loss, correct = self._accumulate(batch)
        return loss, correct, False

    def finish(self, partial: str = "drop") -> bool:
        """End an unfinished accumulation: ``"drop"`` it or ``"apply"`` it as a smaller batch.

        Returns whether an update was applied. After it, the accumulators are zero.
        """
        _check_partial(partial)
        pending, self.pending = self.pending, 0
        if not pending:
            return False
        if partial == "apply":  # sum / global_batch_size  ->  sum / (examples actually seen)
            self._apply_only(tf.constant(self.sizes.accum_steps / pending, tf.float32))
            return True
        self._reset()  # not a zero update: that would still move Adam's moments and iterations
        return False


@dataclasses.dataclass(repr=False)
class AccumHistory(training.History):
    """``training.History`` plus how the micro-batches were used, per epoch."""

    updates: list = dataclasses.field(default_factory=list)
    dropped_micro_batches: list = dataclasses.field(default_factory=list)


def train(strategy, model, optimizer, data, *, global_batch_size: int, accum_steps: int,
          epochs: int = 1, partial: str = "drop", shuffle: bool = False, seed: int = 0,
          loss_fn=None, verbose: bool = False, allow_batch_norm: bool = False) -> AccumHistory:
    """Train with ``accum_steps`` micro-batches per update; equal to ``training.train`` with
    batches of ``global_batch_size`` (what lesson 04 checks).

    ``data`` is ``(x, y)`` arrays (cut into micro-batches of ``global_batch_size //
    accum_steps`` here, remainder dropped) or a ``tf.data.Dataset`` already batched by that
    micro-batch size with ``drop_remainder=True``. ``partial`` says what happens when an
    epoch ends part-way through an accumulation (see the module docstring). Every input is
    checked before the first step; a model with BatchNormalization is refused unless
    ``allow_batch_norm=True`` (``check_batch_norm``).
    """
    whole("epochs", epochs)
    _check_partial(partial)
    sizes = accum_sizes(strategy.num_replicas_in_sync, global_batch_size, accum_steps)
    check_batch_norm(model, sizes, allow_batch_norm)
    training.check_in_scope(strategy, model, optimizer)
    if isinstance(data, tf.data.Dataset):
        batch_dim = getattr(data.element_spec[0], "shape", tf.TensorShape(None))
        if batch_dim.rank and batch_dim[0] not in (None, sizes.micro_batch_size):
            raise ValueError(
                f"the dataset is batched by {batch_dim[0]} but accumulation needs micro-batches of "
                f"{sizes.micro_batch_size} (global_batch_size={sizes.global_batch_size} / "
                f"accum_steps={sizes.accum_steps}); batch it by {sizes.micro_batch_size}"
            )
    dist, micro_steps = training._as_distributed(strategy, model, data, sizes.micro_batch_size, shuffle, seed)
    if 0 <= micro_steps < sizes.accum_steps and partial == "drop":
        raise ValueError(
            f"the data has {micro_steps} micro-batches of {sizes.micro_batch_size} per epoch but "
            f"accum_steps={sizes.accum_steps}: with partial='drop' no update would ever happen; "
            f"use fewer accum_steps, more data, or partial='apply'"
        )
    acc = Accumulator(strategy, model, optimizer, global_batch_size=sizes.global_batch_size,
                      accum_steps=sizes.accum_steps, loss_fn=loss_fn, allow_batch_norm=allow_batch_norm)
    updates, dropped = [], []

    def end_epoch(epoch, results):  # metrics count the micro-batches whose update was applied
        pending = acc.pending
        applied = (len(results) - pending) // sizes.accum_steps
        if acc.finish(partial):
            applied, pending = applied + 1, 0
        updates.append(applied)
        dropped.append(pending)
        return results[:len(results) - pending]

    def after_epoch(epoch, history):
        if verbose:
            print(f"epoch {epoch + 1}/{epochs}: {updates[-1]} updates, loss {history['loss'][-1]:.4f}, "
                  f"accuracy {history['accuracy'][-1]:.3f}")

    run = training.train_epochs(lambda batch: acc.micro_step(batch)[:2], dist, epochs=epochs,
                                batch_size=sizes.micro_batch_size, end_epoch=end_epoch, after_epoch=after_epoch)
    return AccumHistory(run.history, run.epoch_seconds, updates[-1], sizes, updates, dropped)


def gradients(strategy, model, x, y, *, accum_steps: int, divide_by="global", loss_fn=None,
              allow_batch_norm: bool = False):
    """The summed gradients one accumulated update would apply, as numpy arrays.

    ``x`` holds exactly one global batch (``len(x) = global_batch_size``), cut here into
    ``accum_steps`` micro-batches. ``divide_by`` is how each micro-batch scales its loss:
    ``"global"`` (right: per-example sum / global_batch_size), ``"micro_batch"`` (the mean of
    each micro-batch, then added up: ``accum_steps`` times too big) or ``"none"`` (the
    unreduced per-example loss, as the article "Why isn't TensorFlow's multi-GPU utility
    improving training speed?" does: ``global_batch_size`` times too big).
    A tuple of these computes each (in one traced step) and returns ``{divide_by: grads}``.
    Nothing is applied; the model is unchanged.
    """
    choices = ("global", "micro_batch", "none")
    several = isinstance(divide_by, (tuple, list))
    ways = tuple(divide_by) if several else (divide_by,)
    bad = [w for w in ways if w not in choices]
    if bad or not ways:
        raise ValueError(f"divide_by={divide_by!r}; choose one of {choices} (or a tuple of them)")
    sizes = accum_sizes(strategy.num_replicas_in_sync, len(x), accum_steps)
    check_batch_norm(model, sizes, allow_batch_norm)
    dist, _ = gdata.distribute(strategy, x, y, global_batch_size=sizes.micro_batch_size)
    divisors = {"global": sizes.global_batch_size, "micro_batch": sizes.micro_batch_size, "none": "none"}
    grads = training.batch_gradients(strategy, model, dist, global_batch_size=sizes.global_batch_size,
                                     divide_by=tuple(divisors[w] for w in ways), loss_fn=loss_fn)
    by_way = {w: grads[divisors[w]] for w in ways}
    return by_way if several else by_way[ways[0]]


# --- the fit path: a model whose train_step runs the micro-batches ------------------------------
class AccumulatingModel(keras.Model):
    """Wraps ``model`` so that Keras ``fit`` accumulates: each step's per-replica batch is cut
    into ``accum_steps`` micro-batches inside ``train_step``, their gradients are added up in a
    ``tf.while_loop`` (one iteration at a time: ``parallel_iterations=1``, and no gradient flows
    through the loop, so one micro-batch's activations are alive at a time) and applied once.

    Why this works under a strategy where Keras' ``gradient_accumulation_steps`` does not: the
    single ``apply_gradients`` (and its all-reduce) is at the top level of the replica function,
    never inside a ``cond``. Build it in ``strategy.scope()``, compile with an optimizer, and
    ``fit`` with ``batch_size=global_batch_size`` on data whose length is a multiple of it (or
    use ``accumulation.fit``, which checks all that first). The whole input batch is still
    loaded on the device (it is sliced there); only the activations shrink. The weights are
    ``model``'s: read them from ``model`` after training. Mixed precision loss scaling is not
    supported here (use ``Accumulator``, which shares the inf/NaN verdict across replicas).
    Lesson 04, section 5.
    """

    def __init__(self, model, *, global_batch_size: int, accum_steps: int, loss_fn=None,
                 allow_batch_norm: bool = False, **kwargs):
        super().__init__(**kwargs)
        self.accum_steps = check_accum_steps(accum_steps)
        self.global_batch_size = whole("global_batch_size", global_batch_size)
        # the replica count is checked at the first step
        check_batch_norm(model, accum_sizes(1, self.global_batch_size, self.accum_steps), allow_batch_norm)
        self.model = model
        self.loss_fn = loss_fn or training.per_example_loss()
        self.loss_tracker = keras.metrics.Mean(name="loss")
        self.accuracy_tracker = keras.metrics.Mean(name="accuracy")

    def call(self, x, training=False):
        return self.model(x, training=training)

    @property
    def metrics(self):
        return [self.loss_tracker, self.accuracy_tracker]

    def train_step(self, data):
        if isinstance(self.optimizer, keras.optimizers.LossScaleOptimizer):
            raise ValueError("AccumulatingModel does not support LossScaleOptimizer; use "
                             "accumulation.Accumulator (or accumulation.train) for mixed precision")
        x, y = data[0], data[1]
        k, variables = self.accum_steps, self.model.trainable_variables
        num_replicas = tf.distribute.get_strategy().num_replicas_in_sync
        # every micro-batch of every replica the same size: otherwise examples would be left out
        accum_sizes(num_replicas, self.global_batch_size, k)
        per_replica = self.global_batch_size // num_replicas
        tf.debugging.assert_equal(
            tf.shape(x)[0], per_replica,
            message=f"AccumulatingModel needs every step to have global_batch_size={self.global_batch_size} "
                    f"examples ({per_replica} per replica); pass batch_size={self.global_batch_size} and a "
                    f"number of examples that is a multiple of it (or a dataset batched with drop_remainder=True)")
        micro = per_replica // k

        def body(i, sums, loss_total, correct):
            xb, yb = x[i * micro:(i + 1) * micro], y[i * micro:(i + 1) * micro]
            with tf.GradientTape() as tape:
                logits, loss = training.replica_loss(self.model, xb, yb, global_batch_size=self.global_batch_size,
                                                     loss_fn=self.loss_fn, regularization_divisor=k)
            grads = tape.gradient(loss, variables)
            hits = training.correct_count(logits, tf.cast(yb, tf.int32))
            return i + 1, [s + tf.cast(g, s.dtype) for s, g in zip(sums, grads)], loss_total + loss, correct + hits

        start = (tf.constant(0), [tf.zeros(v.shape, v.dtype) for v in variables], tf.constant(0.0), tf.constant(0.0))
        _, sums, loss_total, correct = tf.while_loop(lambda i, *_: i < k, body, start, parallel_iterations=1)
        self.optimizer.apply_gradients(zip(sums, variables))
        # Keras averages a metric over the replicas: each reports its share x num_replicas.
        self.loss_tracker.update_state(loss_total * num_replicas)
        self.accuracy_tracker.update_state(correct / per_replica)
        return {m.name: m.result() for m in self.metrics}


def fit(strategy, model, optimizer, x, y, *, global_batch_size: int, accum_steps: int, epochs: int = 1,
        loss_fn=None, verbose=0, allow_batch_norm: bool = False):
    """Keras ``fit`` with accumulation: checks the batch arithmetic, the scope and the data
    first, wraps ``model`` in an ``AccumulatingModel`` and fits ``(x, y)`` in order, the
    remainder dropped. Returns Keras' ``History``; ``optimizer.iterations`` counts updates."""
    whole("epochs", epochs)
    sizes = accum_sizes(strategy.num_replicas_in_sync, global_batch_size, accum_steps)
    check_batch_norm(model, sizes, allow_batch_norm)
    training.check_in_scope(strategy, model, optimizer)
    x, y = np.asarray(x), np.asarray(y)
    if len(x) != len(y) or len(x) < sizes.global_batch_size:
        raise ValueError(f"x and y must have the same length, at least global_batch_size={sizes.global_batch_size} "
                         f"(got {len(x)} and {len(y)})")
    usable = len(x) - len(x) % sizes.global_batch_size
    dataset = tf.data.Dataset.from_tensor_slices((x[:usable], y[:usable])).batch(sizes.global_batch_size,
                                                                                  drop_remainder=True)
    with strategy.scope():
        wrapper = AccumulatingModel(model, global_batch_size=sizes.global_batch_size,
                                    accum_steps=sizes.accum_steps, loss_fn=loss_fn, allow_batch_norm=True)
        wrapper.compile(optimizer=optimizer)
    return wrapper.fit(dataset, epochs=epochs, verbose=verbose, shuffle=False)


# --- the cost: memory ------------------------------------------------------------------------
def estimate_memory(model, per_replica_batch_size: int, accum_steps: int, optimizer="adam",
                    dtype="float32") -> dict:
    """Per-device memory of one accumulated update, in bytes: a plan, not a measurement.

    Built on lesson 03's planner (``gpukit.memory.estimate_memory``): weights, gradients
    and optimizer slots are fixed; accumulation adds one accumulator per trainable weight
    (when ``accum_steps > 1``) and shrinks the part that grows with the batch, the
    activations kept for the backward pass, to one micro-batch of
    ``per_replica_batch_size`` examples.
    """
    from . import memory

    k = check_accum_steps(accum_steps)
    per_replica_batch_size = whole("per_replica_batch_size", per_replica_batch_size)
    plan = memory.estimate_memory(model, optimizer, dtype)
    out = {
        "weights, gradients, optimizer": plan.fixed,
        "accumulators": plan.gradients if k > 1 else 0,
        "activations": per_replica_batch_size * plan.activations_per_example,
    }
    out["total"] = sum(out.values())
    return out


class PeakMemoryProbe(ChildProbe):
    """Peak CPU memory (bytes) of one accumulated update per ``accum_steps`` (the least of
    three updates: the order of independent ops, and so the peak, varies with load), measured in a
    fresh Python process (``gpukit.launch.processes.ChildProbe`` running
    ``python -m gpukit.launch.probe accumulation``): model, optimizer, accumulators and the step's
    temporaries (one device, Adam, an MLP of ``inputs``-``hidden``-10, a fresh model per
    ``accum_steps``). It starts at once and runs while the notebook goes on; ``result()``
    waits for it. On a GPU use ``tf.config.experimental.get_memory_info("GPU:0")`` directly.
    """

    def __init__(self, global_batch_size: int, accum_steps=(1, 2, 4, 8), inputs: int = 784,
                 hidden=(512, 512), timeout: float = 180):
        self.accum_steps = [check_accum_steps(k) for k in accum_steps]
        for k in self.accum_steps:
            accum_sizes(1, global_batch_size, k)
        super().__init__("accumulation", {"global_batch_size": global_batch_size, "accum_steps": self.accum_steps,
                                       "inputs": inputs, "hidden": list(hidden)}, timeout)

    def result(self) -> dict:
        """``{accum_steps: peak bytes}``; raises ``RuntimeError`` if the child failed or hung."""
        return {int(k): v for k, v in self.output().items()}


# --- the cost: time ----------------------------------------------------------------------------
def time_per_sample(strategy, make_model, make_optimizer, x, y, *, global_batch_size: int,
                    accum_steps: int, updates: int = 4, repeats: int = 3) -> float:
    """Median seconds per example of accumulated training (tracing excluded)."""
    whole("updates", updates)
    whole("repeats", repeats)
    sizes = accum_sizes(strategy.num_replicas_in_sync, global_batch_size, accum_steps)
    with strategy.scope():
        model, optimizer = make_model(), make_optimizer()
    acc = Accumulator(strategy, model, optimizer, global_batch_size=global_batch_size, accum_steps=accum_steps)
    dist, _ = gdata.distribute(strategy, x, y, global_batch_size=sizes.micro_batch_size, repeat=True)
    it = iter(dist)
    for _ in range(sizes.accum_steps):  # warm-up: trace both step functions
        acc.micro_step(next(it))
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        for _ in range(updates * sizes.accum_steps):
            loss, _, _ = acc.micro_step(next(it))
        float(loss)
        times.append((time.perf_counter() - start) / (updates * sizes.global_batch_size))
    return float(np.median(times))


def overhead(strategy, make_model, make_optimizer, x, y, *, micro_batch_size: int, accum_steps: int,
             micro_steps: int = 16, repeats: int = 3) -> dict:
    """Accumulation vs the same number of plain micro-batch steps (each one an update).

    Returns median seconds for ``micro_steps`` micro-batches both ways and the relative
    overhead ``accumulated / plain - 1`` (negative: accumulation was faster, since it
    all-reduces and updates k times less often).
    """
    k = check_accum_steps(accum_steps)
    whole("micro_steps", micro_steps)
    whole("repeats", repeats)
    if micro_steps % k:
        raise ValueError(f"micro_steps={micro_steps} must be a multiple of accum_steps={k}")
    with strategy.scope():
        m1, o1 = make_model(), make_optimizer()
        m2, o2 = make_model(), make_optimizer()
    plain = training.make_train_step(strategy, m1, o1, micro_batch_size)
    acc = Accumulator(strategy, m2, o2, global_batch_size=micro_batch_size * k, accum_steps=k)
    dist, _ = gdata.distribute(strategy, x, y, global_batch_size=micro_batch_size, repeat=True)
    it = iter(dist)
    batches = [next(it) for _ in range(micro_steps)]
    plain(batches[0])
    for b in batches[:k]:
        acc.micro_step(b)

    def run_plain():
        for b in batches:
            loss, _ = plain(b)
        return loss

    def run_acc():
        for b in batches:
            loss, _, _ = acc.micro_step(b)
        return loss

    result = {"plain": [], "accumulated": []}
    for _ in range(repeats):  # interleaved, so a busy machine slows both alike
        for name, fn in (("plain", run_plain), ("accumulated", run_acc)):
            start = time.perf_counter()
            float(fn())
            result[name].append(time.perf_counter() - start)
    out = {name: float(np.median(v)) for name, v in result.items()}
    out["overhead"] = out["accumulated"] / out["plain"] - 1
    return out
