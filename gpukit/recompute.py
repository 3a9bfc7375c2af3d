"""Gradient checkpointing (recomputation): keep fewer activations, compute some twice (lesson 04).

A training step keeps every layer's output until the backward pass needs it; those
*activations* grow with the batch. Recomputation keeps only each *block*'s input: the
forward pass runs the block and throws its inner activations away, and the backward pass
runs the block's forward again (from the kept input) just before it needs them. Memory
for activations drops from "all layers" to "block inputs + one block's insides"; the price
is one extra forward pass per step. TensorFlow does it with ``tf.recompute_grad(f)``;
``RecomputedModel`` puts it around each of a model's pre-built blocks::

    blocks = build_blocks(inputs=256, num_blocks=3, layers_per_block=4, units=256)
    model = RecomputedModel(blocks)                # a keras.Model: fit, Accumulator, train all work
    with tf.GradientTape() as tape:
        loss = loss_fn(y, model(x, training=True))  # each block: tf.recompute_grad around it
    grads = tape.gradient(loss, model.trainable_variables)   # equal to the plain gradients

It combines with accumulation (``gpukit.accumulation``): accumulation shrinks the batch a
step holds, recomputation shrinks what each example holds. Which pays off depends on the
share of activations in memory (``gpukit.memory.estimate_memory``): when weights,
gradients and optimizer slots dominate, recomputing saves little (the planner bounds it) and
adds temporaries of its own. Lesson 04 measures all four combinations with ``PeakProbe``.

Pitfalls, each handled here (tests/test_recompute.py checks them):

* **Build the blocks before wrapping.** A Keras layer creates its weights on its first call.
  TensorFlow 2.21 does not stop that from happening inside ``tf.recompute_grad`` (the
  gradients even come out right on one device), but then the weights do not exist when the
  optimizer is built, when the memory planner counts them, or when ``strategy.scope()``
  should own them; under a strategy, creating variables inside ``strategy.run`` fails.
  ``check_blocks`` refuses an unbuilt block (or one with an unbuilt layer inside, i.e. a
  layer that would create its variables lazily) before any work, naming the fix.
* **``training`` is fixed per wrapped function.** ``tf.recompute_grad`` rejects keyword
  arguments inside a ``tf.function`` ("supports keywords arguments only when eager
  execution is enabled"), so each block gets one wrapped function per ``training`` value.
* **Recomputation replays the forward, including its side effects.** Measured on TF 2.21:
  a ``Dropout`` inside a recomputed block draws a *new* mask when the backward pass
  re-runs it (its seed generator has advanced), so the gradients belong to a different
  mask than the loss (wrong gradients, no error); a ``BatchNormalization`` gets the right
  gradients but updates its moving mean and variance *twice* per step. ``RecomputedModel``
  therefore snapshots each block's non-trainable state (seed-generator states, moving
  statistics) before the forward pass and restores it at the start of every replay: the
  replay draws the same masks and starts from the same statistics, so the gradients equal
  the plain step's and the state ends as after one forward pass.

Works under ``MirroredStrategy``: build the blocks in ``strategy.scope()`` and use the
model as any other in ``strategy.run``.
"""

from __future__ import annotations

from ._args import whole
from ._tf import keras, tf
from .launch.processes import ChildProbe


# --- checking the blocks ------------------------------------------------------------------------
def _unbuilt_layers(block) -> list:
    """Names of the Keras layers in ``block`` (itself included) that have no weights yet."""
    if not isinstance(block, keras.layers.Layer):
        return []
    layers = block._flatten_layers(include_self=True, recursive=True)
    return [layer.name for layer in layers if not layer.built]


def check_blocks(blocks) -> list:
    """Return ``blocks`` as a list, or raise before any work: an empty list, a block that is
    not callable, or a Keras block (or a layer inside it) that is not built yet."""
    if isinstance(blocks, keras.layers.Layer) or not isinstance(blocks, (list, tuple)):
        raise TypeError(f"blocks must be a list of the model's blocks (e.g. [block_1, block_2, head]), "
                        f"got {type(blocks).__name__}; a single block is [block]")
    if not blocks:
        raise ValueError("blocks is empty: pass the model's blocks in order, e.g. [block_1, block_2, head]; "
                         "recomputation needs at least one block to run twice")
    for i, block in enumerate(blocks):
        if not callable(block):
            raise TypeError(f"blocks[{i}] is a {type(block).__name__}, which is not callable: each block must be "
                            f"a Keras layer or model (e.g. keras.Sequential([...])) that maps a tensor to a tensor")
        unbuilt = _unbuilt_layers(block)
        if unbuilt:
            raise ValueError(
                f"blocks[{i}] ({block.name}) is not built (no weights yet: {', '.join(unbuilt)}); its layers "
                f"would create their variables inside tf.recompute_grad, after the optimizer and outside "
                f"strategy.scope(). Build it first: block.build((None, n_features)) or call it on one batch, "
                f"inside strategy.scope() when you use a strategy")
    return list(blocks)


# --- the wrapper ---------------------------------------------------------------------------------
def _state(block) -> list:
    """Non-trainable state the forward pass changes: seed-generator states, moving statistics."""
    return list(getattr(block, "non_trainable_variables", []))


def recompute_call(block, x, training: bool = False):
    """``block(x, training=training)`` under ``tf.recompute_grad``: the block's inner
    activations are not kept; the backward pass re-runs the block from the same state."""
    state = _state(block)
    snapshot = [tf.identity(v.value if hasattr(v, "value") else v) for v in state]

    def replay(h):
        for variable, value in zip(state, snapshot):  # same masks, same statistics, every time
            variable.assign(value)
        return block(h, training=training)

    return tf.recompute_grad(replay)(x)


class RecomputedModel(keras.Model):
    """A model made of pre-built ``blocks`` run in order, each one recomputed in the
    backward pass (``recompute=False``: the same model without recomputation, for
    comparisons). Its weights are the blocks' weights: nothing is copied."""

    def __init__(self, blocks, *, recompute: bool = True, name: str = "recomputed", **kwargs):
        blocks = check_blocks(blocks)
        super().__init__(name=name, **kwargs)
        self.blocks = blocks
        self.recompute = bool(recompute)
        self.built = True

    @property
    def input_shape(self):
        """The first block's input shape (``gpukit.training`` checks data against it)."""
        first = self.blocks[0]
        try:
            return tuple(first.input_shape)
        except (AttributeError, ValueError):
            raise AttributeError(f"the first block ({getattr(first, 'name', first)!r}) has no known "
                                 f"input shape") from None

    def call(self, x, training=False):
        training = bool(training)
        for block in self.blocks:
            x = recompute_call(block, x, training) if self.recompute else block(x, training=training)
        return x


def kept_fraction(num_blocks: int, layers_per_block: int) -> float:
    """The share of a plain step's activations a recomputed step keeps, for blocks of equal
    width: the plain step keeps the input, every layer's output and the logits
    (``num_blocks x layers_per_block + 2`` values per example and unit of width); the
    recomputed one keeps each block's input, the logits' input and the logits
    (``num_blocks + 2``) plus, during the backward pass, one block's insides
    (``layers_per_block - 1`` more). A planning number, like ``gpukit.uneven_batches``'s."""
    b, l = whole("num_blocks", num_blocks), whole("layers_per_block", layers_per_block)
    return min(1.0, (b + 2 + l - 1) / (b * l + 2))


def build_blocks(inputs: int = 256, num_blocks: int = 3, layers_per_block: int = 4, units: int = 256,
                 num_classes: int = 10, seed: int = 0, strategy=None) -> list:
    """``num_blocks`` built blocks of ``layers_per_block`` ReLU ``Dense(units)`` layers and a
    logits block ``Dense(num_classes)``, seeded like ``gpukit.models`` (created in
    ``strategy.scope()`` when a strategy is given)."""
    for name, value in (("inputs", inputs), ("num_blocks", num_blocks), ("layers_per_block", layers_per_block),
                        ("units", units), ("num_classes", num_classes)):
        whole(name, value)
    from .models import _dense, _scope

    with _scope(strategy):
        blocks, width = [], inputs
        for b in range(num_blocks):
            block = keras.Sequential([_dense(units, seed + b * layers_per_block + i, "relu", name=f"b{b}_dense{i}")
                                      for i in range(layers_per_block)], name=f"block_{b}")
            block.build((None, width))
            blocks.append(block)
            width = units
        head = keras.Sequential([_dense(num_classes, seed + num_blocks * layers_per_block, name="logits")],
                                name="head")
        head.build((None, width))
        return blocks + [head]


def flat_model(blocks, inputs: int) -> keras.Model:
    """The blocks' layers as one ``keras.Sequential`` with an ``Input`` (shared weights), so that
    ``gpukit.memory.estimate_memory`` can count every layer's output."""
    layers = [layer for block in check_blocks(blocks) for layer in getattr(block, "layers", [block])]
    return keras.Sequential([keras.Input((whole("inputs", inputs),)), *layers])


# --- measuring: peak memory and time, in a child process -----------------------------------------
_CONFIG_KEYS = ("name", "batch", "inputs", "num_blocks", "layers_per_block", "units", "accum_steps", "recompute")


def _check_config(config) -> dict:
    if not isinstance(config, dict) or set(_CONFIG_KEYS) - set(config):
        raise ValueError(f"each config must be a dict with keys {_CONFIG_KEYS}; got {config!r}")
    c = dict(config, repeats=config.get("repeats", 2))
    for key in ("batch", "inputs", "num_blocks", "layers_per_block", "units", "accum_steps", "repeats"):
        whole(f"{c['name']}: {key}", c[key])
    if c["batch"] % c["accum_steps"]:
        raise ValueError(f"{c['name']}: batch={c['batch']} cannot be split into accum_steps={c['accum_steps']} "
                         f"equal micro-batches; use a multiple of {c['accum_steps']}")
    return c


def levers(name_prefix: str = "", *, batch: int, accum_steps: int, **model) -> list:
    """The four configs lesson 04 compares (plain, accumulation, recomputation, both) for one
    model (``inputs``, ``num_blocks``, ``layers_per_block``, ``units``)."""
    ways = {"plain": (1, False), "accumulation": (accum_steps, False), "recomputation": (1, True),
            "both": (accum_steps, True)}
    return [_check_config(dict(model, name=name_prefix + way, batch=batch, accum_steps=k, recompute=r))
            for way, (k, r) in ways.items()]


class PeakProbe(ChildProbe):
    """Peak CPU memory (bytes; the least of three updates, ops run one at a time, since the order in
    which TensorFlow runs independent ops, and so the peak, varies with the machine's load) and seconds per
    example of one update for each config, measured in a fresh Python process (``python -m gpukit.launch.probe levers``: one device, Adam, ``build_blocks``
    models wrapped in ``RecomputedModel``), because TensorFlow only counts CPU allocations when
    ``TF_CPU_ALLOCATOR_USE_BFC=true`` is set before it starts. It starts at once and runs
    while the notebook goes on; ``result()`` waits (at most ``timeout`` s, then kills it).
    """

    def __init__(self, configs, timeout: float = 300):
        if not isinstance(configs, (list, tuple)) or not configs:
            raise ValueError("configs must be a non-empty list of dicts (see recompute.levers)")
        self.configs = [_check_config(c) for c in configs]
        super().__init__("levers", self.configs, timeout)

    def result(self) -> dict:
        """``{name: (peak bytes, seconds per example)}``; ``RuntimeError`` if the child failed or hung."""
        return {k: (int(v[0]), float(v[1])) for k, v in self.output().items()}


# --- checking: recomputed gradients against the plain ones ----------------------------------------
def gradients(strategy, model, x, y, loss_fn=None) -> list:
    """The gradients of the mean loss over ``(x, y)`` (one global batch) for ``model`` (any
    callable with ``trainable_variables``, e.g. a ``RecomputedModel``), summed over the
    replicas of ``strategy``, as numpy arrays. ``gpukit.training.gradients`` with a check
    that the batch splits evenly."""
    from . import training

    whole("len(x)", len(x))
    if len(x) % strategy.num_replicas_in_sync:
        raise ValueError(f"len(x)={len(x)} must be a multiple of num_replicas={strategy.num_replicas_in_sync}")
    return training.gradients(strategy, model, x, y, global_batch_size=len(x), loss_fn=loss_fn)


__all__ = ["check_blocks", "recompute_call", "RecomputedModel", "build_blocks", "flat_model", "kept_fraction", "levers",
           "PeakProbe", "gradients"]
