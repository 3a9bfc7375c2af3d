"""Sharded training state: ZeRO stages 1, 2 and 3 (FSDP) in TensorFlow (lesson 09).

Plain data parallelism (lessons 01-04) keeps everything on every replica: with Adam in float32
that is 16 bytes per parameter per device (4 weights, 4 gradients, 8 for Adam's two moments).
ZeRO ("Zero Redundancy Optimizer", Rajbhandari et al., 2020; PyTorch calls stage 3 FSDP) cuts
each parameter's state into ``N`` slices, one per replica:

* **stage 1** shards Adam's moments: gradients are all-reduced as before, each replica updates
  only the slice of the weights it owns (with its slice of the moments), then the updated slices
  are all-gathered so that every replica holds the whole new weights again;
* **stage 2** shards the gradients too: they are *reduce-scattered* (each replica receives only
  the sum of its own slice) -- so stage 2 moves the same bytes as plain data parallelism;
* **stage 3** shards the weights as well: before a layer runs, its weights are all-gathered, used
  and dropped; the backward gathers them again (recomputing the layer); gradients are
  reduce-scattered. About 1.5 x the bytes of data parallelism, for 1/N of the memory.

Top to bottom: ``plan`` (pure Python: which replica owns which slice of each variable, padded
when a size does not divide by ``N``), the memory and communication formulas (``state_bytes``,
``comm_bytes``), then ``ZeroTrainer``, the real thing: per-replica variables placed on each
replica's device, a Keras ``Sequential`` model of Dense layers run layer by layer (``apply_layer``)
on the weights each stage provides, Adam written out (Keras' formula), and the collectives of a
real ``MirroredStrategy`` (``ReplicaContext.all_reduce`` / ``all_gather``). TensorFlow has no
reduce-scatter in ``ReplicaContext``: it is **emulated** (an all-reduce, then this replica's
slice), and counted as the bytes a real reduce-scatter moves. ``stage=0`` is the baseline, plain
data parallelism, through the same code.

Measured, not computed: ``resident_bytes()`` adds up the variables on each device after a step;
``collectives`` lists the tensors handed to each collective in one step.

On GPUs the same code runs over the GPUs (NCCL would do the collectives); real ZeRO/FSDP
implementations also overlap the gathers with compute and bucket small tensors -- not done here.
"""

from __future__ import annotations

import dataclasses
import math

from ._args import whole

# --------------------------------------------------------------------------- the plan (pure Python)


@dataclasses.dataclass(frozen=True)
class Shard:
    """How one variable is cut: ``size`` elements, padded to ``padded`` (a multiple of the
    replica count), ``slice_size`` elements per replica; replica ``r`` owns flat elements
    ``[r * slice_size, (r + 1) * slice_size)`` of the padded vector."""

    name: str
    shape: tuple
    size: int
    padded: int
    slice_size: int

    def owned(self, replica: int) -> tuple[int, int]:
        """The real (unpadded) elements replica ``replica`` owns: ``(start, end)``, maybe empty."""
        start = min(replica * self.slice_size, self.size)
        return start, min((replica + 1) * self.slice_size, self.size)


def plan(shapes, num_replicas: int, names=None) -> list[Shard]:
    """One ``Shard`` per variable shape: each flattened, padded with zeros up to a multiple of
    ``num_replicas`` and cut into equal slices."""
    whole("num_replicas", num_replicas)
    shapes = [tuple(int(d) for d in s) for s in shapes]
    names = list(names) if names is not None else [f"var{i}" for i in range(len(shapes))]
    out = []
    for name, shape in zip(names, shapes):
        size = math.prod(shape)
        slice_size = -(-size // num_replicas)
        out.append(Shard(name, shape, size, slice_size * num_replicas, slice_size))
    return out


# --------------------------------------------------------------------------- formulas (the ZeRO paper's)

STAGES = {0: "data parallel", 1: "ZeRO-1 (optimizer state)", 2: "ZeRO-2 (+ gradients)", 3: "ZeRO-3 / FSDP (+ weights)"}


def state_bytes(num_params: float, num_replicas: int, stage: int, *, weight_bytes: float = 4,
                grad_bytes: float = 4, optimizer_bytes: float = 8) -> dict:
    """Bytes of training state per device: ``{"weights", "gradients", "optimizer", "total"}``.
    Float32 Adam: 4 + 4 + 8 bytes per parameter. The paper's mixed-precision form is
    ``weight_bytes=2, grad_bytes=2, optimizer_bytes=12`` (float32 master weights and two
    moments): ``(2 + 2 + K) x params`` replicated, divided by ``N`` part by part as stages go up."""
    whole("num_replicas", num_replicas)
    _check_stage(stage)
    n = num_replicas
    return _parts(num_params * weight_bytes / (n if stage >= 3 else 1),
                  num_params * grad_bytes / (n if stage >= 2 else 1),
                  num_params * optimizer_bytes / (n if stage >= 1 else 1))


def _parts(weights, gradients, optimizer) -> dict:
    return {"weights": weights, "gradients": gradients, "optimizer": optimizer,
            "total": weights + gradients + optimizer}


def comm_bytes(num_params: float, num_replicas: int, stage: int, *, dtype_bytes: float = 4) -> float:
    """Bytes each device sends per step in a ring implementation of this module's recipe:
    all-reduce ``2(N-1)/N x B``, reduce-scatter and all-gather ``(N-1)/N x B`` each, for a
    buffer of ``B = num_params x dtype_bytes`` bytes.

    data parallel: all-reduce (2 units); stage 1: all-reduce + all-gather of the updated slices
    (3 units: the all-reduced gradient outside a replica's slice is never used -- stage 2 fixes
    that); stage 2: reduce-scatter + all-gather (2 units, as data parallel); stage 3:
    all-gather for the forward, again for the backward, reduce-scatter (3 units, 1.5 x)."""
    whole("num_replicas", num_replicas)
    _check_stage(stage)
    unit = (num_replicas - 1) / num_replicas * num_params * dtype_bytes
    return {0: 2, 1: 3, 2: 2, 3: 3}[stage] * unit


def _check_stage(stage) -> None:
    if isinstance(stage, bool) or stage not in STAGES:
        raise ValueError(f"stage={stage!r}: use 1, 2 or 3 (ZeRO stages), or 0 for plain data parallelism "
                         f"(the baseline)")


# --------------------------------------------------------------------------- the trainer (TensorFlow)

ALLOWED_LAYERS = ("Dense", "Activation", "Flatten")


def apply_layer(layer, weights, x):
    """``layer``'s forward on ``x`` with the given ``weights`` (its kernel, then its bias): the
    layer's own math, written out so that the weights can be gathered tensors."""
    from ._tf import tf

    kind = type(layer).__name__
    if kind == "Dense":
        y = tf.matmul(x, weights[0])
        if layer.use_bias:
            y = y + weights[1]
        return layer.activation(y)
    if kind == "Activation":
        return layer.activation(x)
    return tf.reshape(x, [tf.shape(x)[0], -1])  # Flatten


class ZeroTrainer:
    """Adam on a Keras ``Sequential`` model with its state sharded over ``strategy``'s replicas
    (a ``MirroredStrategy``) as ZeRO ``stage`` (0 = plain data parallelism).

    The model only describes the layers and their initial weights: the trainer keeps its own
    per-replica variables (placed on each replica's device) and never changes the model's;
    ``weights()`` returns the current full weights. ``step(x, y)`` trains on one global batch
    (numpy arrays; its size a multiple of the replica count); the loss is ``loss_fn`` per example
    (sparse cross-entropy from logits by default) averaged over the global batch.
    """

    def __init__(self, strategy, model, stage: int, *, learning_rate: float = 1e-3, beta_1: float = 0.9,
                 beta_2: float = 0.999, epsilon: float = 1e-7, loss_fn=None):
        from ._tf import keras, tf

        _check_stage(stage)
        if not isinstance(strategy, tf.distribute.MirroredStrategy):
            raise ValueError(f"ZeroTrainer needs a MirroredStrategy (its replicas hold the slices), got "
                             f"{type(strategy).__name__}; use gpukit.strategies.mirrored()")
        if not isinstance(model, keras.Sequential):
            raise ValueError(f"ZeroTrainer runs a keras.Sequential layer by layer (stage 3 gathers each layer's "
                             f"weights just before it runs); got {type(model).__name__}")
        if not model.built:
            raise ValueError("the model is not built (no weights yet); build it first: "
                             "model.build((None, n_features)) or call it on one batch")
        for layer in model.layers:
            kind = type(layer).__name__
            if kind == "BatchNormalization":
                raise ValueError(f"{layer.name} is BatchNormalization: its statistics are per-replica state that "
                                 f"ZeRO does not shard and each replica would normalise with its own batch's; "
                                 f"remove it (lesson 04 explains the same refusal for accumulation)")
            if kind not in ALLOWED_LAYERS:
                raise ValueError(f"{layer.name} is a {kind}; ZeroTrainer runs {', '.join(ALLOWED_LAYERS)} layers "
                                 f"(their math is written out in zero.apply_layer)")
            if layer.non_trainable_variables:
                raise ValueError(f"{layer.name} has non-trainable variables; ZeroTrainer shards trainable "
                                 f"weights only")
        for name, value in (("learning_rate", learning_rate), ("beta_1", beta_1), ("beta_2", beta_2),
                            ("epsilon", epsilon)):
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not value >= 0:
                raise ValueError(f"{name}={value!r} must be a number >= 0 (Adam's hyper-parameter)")
        self.strategy, self.model, self.stage = strategy, model, stage
        self.hyper = dict(learning_rate=float(learning_rate), beta_1=float(beta_1), beta_2=float(beta_2),
                          epsilon=float(epsilon))
        self.loss_fn = loss_fn or keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction=None)
        self.devices = list(strategy.extended.worker_devices)
        self.num_replicas = len(self.devices)
        self.layer_vars = [list(layer.trainable_variables) for layer in model.layers]
        flat = [v for vs in self.layer_vars for v in vs]
        self.shards = plan([v.shape for v in flat], self.num_replicas, [v.path for v in flat])
        self.num_params = sum(s.size for s in self.shards)
        self.collectives: list[tuple[str, int, str]] = []  # (kind, bytes handed in, what) of one replica, one step
        self.iterations = 0
        self._build_state(tf, [v.numpy() for v in flat])
        self._step_fn = None

    # -- state: what lives on each device -------------------------------------------------------
    def _build_state(self, tf, initial) -> None:
        stage = self.stage
        self.vars = []  # per replica: {"weights": [...], "gradients": [...], "m": [...], "v": [...]}
        for r, device in enumerate(self.devices):
            with tf.device(device):
                weights, grads, m, v = [], [], [], []
                for shard, value in zip(self.shards, initial):
                    piece = self._slice_of(tf, tf.constant(value), shard, r)
                    weights.append(tf.Variable(piece if stage >= 3 else value, trainable=False))
                    grads.append(tf.Variable(tf.zeros_like(piece) if stage >= 2 else tf.zeros(shard.shape),
                                             trainable=False))
                    moment = tf.zeros_like(piece) if stage >= 1 else tf.zeros(shard.shape)
                    m.append(tf.Variable(moment, trainable=False))
                    v.append(tf.Variable(moment, trainable=False))
            self.vars.append({"weights": weights, "gradients": grads, "m": m, "v": v})

    @staticmethod
    def _slice_of(tf, tensor, shard: Shard, replica: int):
        flat = tf.reshape(tensor, [-1])
        flat = tf.pad(flat, [[0, shard.padded - shard.size]])
        return flat[replica * shard.slice_size:(replica + 1) * shard.slice_size]

    def resident_bytes(self) -> dict:
        """Measured: ``{device: {"weights", "gradients", "optimizer", "total"}}``, the bytes of the
        trainer's variables, grouped by the device each variable actually lives on."""
        out = {}
        for state in self.vars:
            for kind, variables in state.items():
                for var in variables:
                    part = "optimizer" if kind in ("m", "v") else kind
                    row = out.setdefault(var.device, _parts(0, 0, 0))
                    row[part] += var.shape.num_elements() * var.dtype.size
                    row["total"] += var.shape.num_elements() * var.dtype.size
        return out

    def bytes_sent_per_device(self) -> float:
        """What one device sends per step in a ring, from the tensors handed to the collectives
        (``collectives``): all-reduce ``2(N-1)/N x B``, all-gather and reduce-scatter ``(N-1)/N x B``,
        ``B`` the full buffer."""
        n = self.num_replicas
        factor = {"all-reduce": 2 * (n - 1) / n, "all-gather": (n - 1) / n, "reduce-scatter": (n - 1) / n}
        return sum(factor[kind] * nbytes for kind, nbytes, _ in self.collectives)

    # -- one step ---------------------------------------------------------------------------------
    def _record(self, replica: int, kind: str, tensors, what: str) -> None:
        if replica == 0:  # traced once per replica; replica 0 speaks for all
            nbytes = sum(t.shape.num_elements() * t.dtype.size for t in tensors)
            self.collectives.append((kind, nbytes * (self.num_replicas if kind == "all-gather" else 1), what))

    def _gather(self, tf, ctx, replica, shard: Shard, piece, what):
        self._record(replica, "all-gather", [piece], what)
        full = ctx.all_gather(piece, axis=0)
        return tf.reshape(full[:shard.size], shard.shape)

    def _layer_weights(self, tf, ctx, replica, index, first, when):
        state = self.vars[replica]["weights"]
        if self.stage < 3:
            return [state[i].read_value() for i in range(first, first + len(self.layer_vars[index]))]
        return [self._gather(tf, ctx, replica, self.shards[i], state[i].read_value(),
                             f"{self.shards[i].name} for the {when}")
                for i in range(first, first + len(self.layer_vars[index]))]

    def _replica_step(self, replica, x, y, t, global_batch):
        from ._tf import tf

        ctx = tf.distribute.get_replica_context()
        layers = self.model.layers
        firsts = [sum(len(vs) for vs in self.layer_vars[:i]) for i in range(len(layers))]
        acts = [tf.convert_to_tensor(x)]
        for i, layer in enumerate(layers):  # forward, layer by layer (stage 3: gather, use, drop)
            weights = self._layer_weights(tf, ctx, replica, i, firsts[i], "forward")
            out = apply_layer(layer, weights, acts[-1])
            acts.append(out)
        with tf.GradientTape() as tape:
            tape.watch(acts[-1])
            loss = tf.reduce_sum(self.loss_fn(y, acts[-1])) / global_batch
        upstream = tape.gradient(loss, acts[-1])
        grads = [None] * len(self.shards)
        for i in reversed(range(len(layers))):  # backward, layer by layer (stage 3: gather again)
            weights = self._layer_weights(tf, ctx, replica, i, firsts[i], "backward")
            with tf.GradientTape() as tape:
                tape.watch(weights)
                tape.watch(acts[i])
                out = apply_layer(layers[i], weights, acts[i])
            result = tape.gradient(out, weights + [acts[i]], output_gradients=upstream)
            grads[firsts[i]:firsts[i] + len(weights)] = result[:-1]
            upstream = result[-1]
        self._reduce_and_update(tf, ctx, replica, grads, t)
        return loss

    def _reduce_and_update(self, tf, ctx, replica, grads, t):
        state, stage = self.vars[replica], self.stage
        # every gradient before any update: the backward read each layer's weights, and with one
        # replica nothing else (no collective) would keep an update from overtaking those reads
        with tf.control_dependencies(grads):
            grads = [tf.identity(g) for g in grads]
        if stage <= 1:
            self._record(replica, "all-reduce", grads, "gradients")
            summed = ctx.all_reduce(tf.distribute.ReduceOp.SUM, grads)
            for buffer, g in zip(state["gradients"], summed):
                buffer.assign(g)
        else:  # reduce-scatter, emulated: all-reduce, keep this replica's slice (counted as a real one)
            self._record(replica, "reduce-scatter", grads, "gradients (emulated: all-reduce, then own slice)")
            summed = ctx.all_reduce(tf.distribute.ReduceOp.SUM, grads)
            for buffer, g, shard in zip(state["gradients"], summed, self.shards):
                buffer.assign(self._slice_of(tf, g, shard, replica))
        h = self.hyper
        alpha = h["learning_rate"] * tf.sqrt(1 - h["beta_2"] ** t) / (1 - h["beta_1"] ** t)
        for i, shard in enumerate(self.shards):
            g = state["gradients"][i].read_value()
            if stage == 1:  # the full all-reduced gradient: this replica updates its slice only
                g = self._slice_of(tf, g, shard, replica)
            m, v = state["m"][i], state["v"][i]
            m.assign_add((g - m) * (1 - h["beta_1"]))
            v.assign_add((tf.square(g) - v) * (1 - h["beta_2"]))
            step = (m * alpha) / (tf.sqrt(v) + h["epsilon"])
            w = state["weights"][i]
            if stage == 0 or stage == 3:  # the whole copy / the owned slice: update in place
                w.assign_sub(step)
            else:  # stages 1, 2: update the owned slice, then every replica gathers the new weights
                mine = self._slice_of(tf, w.read_value(), shard, replica) - step
                w.assign(self._gather(tf, ctx, replica, shard, mine, f"updated {shard.name}"))

    def step(self, x, y) -> float:
        """One update on the global batch ``(x, y)``; returns its mean loss."""
        import numpy as np

        from ._tf import tf

        x, y = np.asarray(x), np.asarray(y)
        if len(x) != len(y) or len(x) % self.num_replicas:
            raise ValueError(f"the global batch has {len(x)} examples (labels: {len(y)}): it must split evenly "
                             f"over {self.num_replicas} replicas; use a multiple of {self.num_replicas}")
        per = len(x) // self.num_replicas
        n = len(x)
        if self._step_fn is None:
            self.collectives.clear()

            # each replica's index as a Python int (captured, not an argument: it picks the replica's own
            # variables while the step is traced)
            ids = self.strategy.experimental_distribute_values_from_function(lambda ctx: ctx.replica_id_in_sync_group)

            @tf.function
            def run(xs, ys, t):
                losses = self.strategy.run(self._replica_step, args=(ids, xs, ys, t, float(n)))
                return self.strategy.reduce(tf.distribute.ReduceOp.SUM, losses, axis=None)

            self._step_fn, self._batch = run, n
        elif n != self._batch:
            raise ValueError(f"every step must have the first step's global batch ({self._batch}), got {n}")
        dist = self.strategy.experimental_distribute_values_from_function
        xs = dist(lambda ctx: x[ctx.replica_id_in_sync_group * per:(ctx.replica_id_in_sync_group + 1) * per])
        ys = dist(lambda ctx: y[ctx.replica_id_in_sync_group * per:(ctx.replica_id_in_sync_group + 1) * per])
        self.iterations += 1
        return float(self._step_fn(xs, ys, tf.constant(float(self.iterations))))

    def weights(self) -> list:
        """The current full weights (numpy), in the model's ``trainable_variables`` order."""
        import numpy as np

        if self.stage < 3:
            return [w.numpy() for w in self.vars[0]["weights"]]
        out = []
        for i, shard in enumerate(self.shards):
            flat = np.concatenate([self.vars[r]["weights"][i].numpy() for r in range(self.num_replicas)])
            out.append(flat[:shard.size].reshape(shard.shape))
        return out
