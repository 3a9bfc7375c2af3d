"""Sharded training state: ZeRO stages 1, 2 and 3 (FSDP) in TensorFlow (lesson 09).

Plain data parallelism (lessons 01-04) keeps everything on every replica: with Adam in float32
that is 16 bytes per parameter per device (4 weights, 4 gradients, 8 for Adam's two moments).
ZeRO ("Zero Redundancy Optimizer", Rajbhandari et al., 2020; PyTorch calls stage 3 FSDP) cuts
each parameter's state into ``N`` slices, one per replica:

* **stage 1** shards Adam's moments: each replica keeps its whole gradient through the backward,
  then the gradients are *reduce-scattered* (each replica receives the sum of its own slice), each
  replica updates its slice of the weights (with its slice of the moments), and the updated slices are
  all-gathered so that every replica holds the whole new weights again: ``2Ψ`` values sent per device
  in a ring, as data parallelism's all-reduce (the paper's §7);
* **stage 2** shards the gradients too: each layer's gradient is reduce-scattered as soon as the
  backward has produced it and only the slice is kept, so the whole gradient is never resident;
  same bytes as stage 1, only *when* changes;
* **stage 3** shards the weights as well: a layer's weights are all-gathered just before it runs and
  dropped; the backward gathers them again because ``dX = dY·Wᵀ`` needs ``W`` (no forward runs twice:
  that is not activation recomputation); gradients are reduce-scattered. About 1.5 x the bytes of data
  parallelism (a little less here: the first layer's input needs no gradient, so it is not gathered
  again), for 1/N of the memory.

Top to bottom: ``plan`` (pure Python: which replica owns which slice of each variable, padded
when a size does not divide by ``N``), the memory and communication formulas (``state_bytes``,
``comm_bytes``), ``Collectives`` (TensorFlow's collective ops called directly, with an ordering token
per device: ``CollectiveReduceV2``, ``CollectiveGatherV2``, and the reduce-scatter -- NCCL's
``CollectiveReduceScatterV2`` on GPUs, an all-to-all and a local sum on CPUs, where TensorFlow has no
reduce-scatter), then ``ZeroTrainer``, the real thing: per-replica variables placed on each replica's
device, a Keras ``Sequential`` of Dense layers run layer by layer with the backward written out
(``_forward``/``_backward``) on the weights each stage provides, and Adam written out (Keras' formula).
``stage=0`` is the baseline, plain data parallelism, through the same code.

Measured, not computed: ``measure_memory`` reads TensorFlow's allocator (what stays allocated after a
step, and the next step's peak); ``Collectives.handed_bytes`` counts, while the collectives run, the
bytes of the tensors handed to each (the bytes on the wire are derived from them with the ring
factors). ``resident_bytes()`` is bookkeeping (shapes x dtype), not a measurement.

On GPUs the same code runs over the GPUs, the collectives asked for NCCL (not run here: no GPU on the
project's machines); real ZeRO/FSDP implementations also overlap the gathers with compute and bucket
small tensors -- not done here.
"""

from __future__ import annotations

import dataclasses
import itertools
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
    """Bytes each device sends per step in a ring implementation of the paper's recipe (§7):
    all-reduce ``2(N-1)/N x B``, reduce-scatter and all-gather ``(N-1)/N x B`` each, for a
    buffer of ``B = num_params x dtype_bytes`` bytes.

    data parallel: all-reduce (2 units); stage 1: reduce-scatter the gradients, update the own
    slice, all-gather the new weights (2 units); stage 2: the same (2 units: only *when* the
    gradients are reduced changes -- layer by layer during the backward); stage 3: all-gather for
    the forward, again for the backward, reduce-scatter (3 units, 1.5 x)."""
    whole("num_replicas", num_replicas)
    _check_stage(stage)
    unit = (num_replicas - 1) / num_replicas * num_params * dtype_bytes
    return {0: 2, 1: 2, 2: 2, 3: 3}[stage] * unit


def _check_stage(stage) -> None:
    if isinstance(stage, bool) or stage not in STAGES:
        raise ValueError(f"stage={stage!r}: use 1, 2 or 3 (ZeRO stages), or 0 for plain data parallelism "
                         f"(the baseline)")


# --------------------------------------------------------------------------- the collectives (TensorFlow's own)

_KEYS = itertools.count(1)  # process-wide: every trainer its own collective group and instance keys


class Collectives:
    """TensorFlow's collective ops over a fixed set of devices, one replica per device, each call
    counted at run time: ``handed[kind]`` is a variable that adds up the bytes of the tensors one
    replica (replica 0; every replica hands in as much) actually hands to ``kind`` in a step.

    * ``all_reduce``: ``CollectiveReduceV2`` (CPU: TensorFlow's ring reducer; GPU: NCCL, asked for);
    * ``all_gather``: ``CollectiveGatherV2`` (CPU: ring gather; GPU: NCCL, asked for), concatenated on axis 0;
    * ``reduce_scatter``: on GPUs ``CollectiveReduceScatterV2``, whose only implementation is NCCL's
      (on a CPU TensorFlow answers "CollectiveRegistry::Lookup did not find collective
      implementation undef"; not run here). On CPUs: an all-to-all (``CollectiveAllToAllV2``) of the
      ``N`` slices followed by a local sum -- each device sends the same ``(N-1)/N`` of the buffer
      that a ring reduce-scatter sends.

    Every collective on a device takes that device's *ordering token* (a resource variable): inside
    one ``tf.function`` TensorFlow would otherwise chain replica 1's collectives after replica 0's,
    and replica 0's would wait forever for its peers.
    """

    KINDS = ("all-reduce", "all-gather", "reduce-scatter")

    def __init__(self, devices, timeout_s: float = 60.0):
        from ._tf import tf

        self.devices, self.n, self.timeout_s = list(devices), len(devices), float(timeout_s)
        self.group_key = 3_000_000 + next(_KEYS)
        self._base = next(_KEYS) * 100_000
        self._calls = [0] * self.n
        self.tokens = []
        for device in self.devices:
            with tf.device(device):
                self.tokens.append(tf.Variable(0.0, trainable=False, name="collective_order"))
        with tf.device(self.devices[0]):
            self.handed = {kind: tf.Variable(0, dtype=tf.int64, trainable=False) for kind in self.KINDS}

    def start_trace(self, replica: int) -> None:
        """Instance keys restart with each trace: replica ``r``'s ``i``-th call meets its peers' ``i``-th."""
        self._calls[replica] = 0

    def reset(self) -> None:
        for counter in self.handed.values():
            counter.assign(0)

    def handed_bytes(self) -> dict:
        """``{kind: bytes}`` one replica handed to each kind of collective since ``reset()``."""
        return {kind: int(v.numpy()) for kind, v in self.handed.items()}

    def sent_per_device(self) -> float:
        """What one device sends, from ``handed_bytes()``: a ring all-reduce sends ``2(N-1)/N`` of
        its buffer, a ring all-gather ``(N-1)`` times its slice, the all-to-all of a reduce-scatter
        the ``N-1`` slices meant for other devices."""
        n, handed = self.n, self.handed_bytes()
        return (2 * (n - 1) / n * handed["all-reduce"] + (n - 1) * handed["all-gather"]
                + (n - 1) / n * handed["reduce-scatter"])

    def _key(self, replica: int) -> int:
        self._calls[replica] += 1
        return self._base + self._calls[replica]

    def _count(self, tf, replica, kind, t):
        if replica == 0:
            self.handed[kind].assign_add(tf.size(t, out_type=tf.int64) * t.dtype.size)

    def _hint(self, replica: int) -> str:
        """NCCL on GPUs (TensorFlow picks it only when asked, or when ``ConfigProto.collective_nccl``
        is set: collective_param_resolver_local.cc), TensorFlow's ring on CPUs."""
        return "nccl" if "GPU" in self.devices[replica].upper() else "auto"

    def all_reduce(self, tf, replica: int, t):
        self._count(tf, replica, "all-reduce", t)
        return tf.raw_ops.CollectiveReduceV2(
            input=t, group_size=self.n, group_key=self.group_key, instance_key=self._key(replica),
            ordering_token=[self.tokens[replica].handle], merge_op="Add", final_op="Id",
            communication_hint=self._hint(replica), timeout_seconds=self.timeout_s)

    def all_gather(self, tf, replica: int, piece):
        self._count(tf, replica, "all-gather", piece)
        return tf.raw_ops.CollectiveGatherV2(
            input=piece, group_size=self.n, group_key=self.group_key, instance_key=self._key(replica),
            ordering_token=[self.tokens[replica].handle], communication_hint=self._hint(replica),
            timeout_seconds=self.timeout_s)

    def reduce_scatter(self, tf, replica: int, flat):
        """``flat`` (length a multiple of ``N``) summed over the replicas; replica ``r`` gets slice ``r``."""
        self._count(tf, replica, "reduce-scatter", flat)
        if self._hint(replica) == "nccl":  # NCCL's reduce-scatter (not run here)
            return tf.raw_ops.CollectiveReduceScatterV2(
                input=flat, group_size=self.n, group_key=self.group_key, instance_key=self._key(replica),
                ordering_token=[self.tokens[replica].handle], merge_op="Add", final_op="Id",
                communication_hint="nccl", timeout_seconds=self.timeout_s)
        rows = tf.reshape(flat, [self.n, -1])  # row i goes to replica i; row j of the result came from j
        received = tf.raw_ops.CollectiveAllToAllV2(
            input=rows, group_size=self.n, group_key=self.group_key, instance_key=self._key(replica),
            ordering_token=[self.tokens[replica].handle], timeout_seconds=self.timeout_s)
        return tf.reduce_sum(received, axis=0)


# --------------------------------------------------------------------------- the trainer (TensorFlow)

ALLOWED_LAYERS = ("Dense", "Activation", "Flatten")


def apply_layer(layer, weights, x):
    """``layer``'s forward on ``x`` with the given ``weights`` (its kernel, then its bias): the
    layer's own math, written out so that the weights can be gathered tensors."""
    return _forward(layer, weights, x)[0]


def _forward(layer, weights, x):
    """``(output, saved)``: the layer's output and what its backward needs (Dense: its input and
    its pre-activation; never the weights, which stage 3 drops)."""
    from ._tf import tf

    kind = type(layer).__name__
    if kind == "Dense":
        z = tf.matmul(x, weights[0])
        if layer.use_bias:
            z = z + weights[1]
        return layer.activation(z), (x, z)
    if kind == "Activation":
        return layer.activation(x), (x,)
    return tf.reshape(x, [tf.shape(x)[0], -1]), (tf.shape(x),)  # Flatten


def _backward(layer, weights, saved, upstream, need_input_grad=True):
    """The layer's backward written out: ``(gradients of its weights, gradient of its input)``.
    Dense: ``dZ = dY * activation'(Z)``, ``dW = Xᵀ·dZ``, ``db = Σ dZ``, ``dX = dZ·Wᵀ`` -- only
    ``dX`` needs the weights. The activation's derivative comes from a tape over the elementwise
    activation of the saved pre-activation (no matmul is run again)."""
    from ._tf import keras, tf

    kind = type(layer).__name__
    if kind == "Flatten":
        return [], tf.reshape(upstream, saved[0])
    z = saved[-1]
    if layer.activation is keras.activations.linear:
        dz = upstream
    else:
        with tf.GradientTape() as tape:
            tape.watch(z)
            out = layer.activation(z)
        dz = tape.gradient(out, z, output_gradients=upstream)
    if kind == "Activation":
        return [], dz
    x = saved[0]
    grads = [tf.matmul(x, dz, transpose_a=True)] + ([tf.reduce_sum(dz, axis=0)] if layer.use_bias else [])
    dx = tf.matmul(dz, weights()[0], transpose_b=True) if need_input_grad else None
    return grads, dx


class ZeroTrainer:
    """Adam on a Keras ``Sequential`` model with its state sharded over ``strategy``'s replicas
    (a ``MirroredStrategy``) as ZeRO ``stage`` (0 = plain data parallelism).

    The model only describes the layers and their initial weights: the trainer keeps its own
    per-replica variables (placed on each replica's device) and never changes the model's;
    ``weights()`` returns the current full weights, ``moments()`` Adam's. ``step(x, y)`` trains on
    one global batch (numpy arrays; its size a multiple of the replica count); the loss is
    ``loss_fn`` per example (sparse cross-entropy from logits by default) averaged over the global
    batch. ``collectives.handed_bytes()`` tells the bytes handed to each collective in the steps
    since ``collectives.reset()``, counted while they run.
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
        self.collectives = Collectives(self.devices)
        self.iterations = 0
        self._build_state(tf, [v.numpy() for v in flat])
        self._step_fn = None

    # -- state: what lives on each device -------------------------------------------------------
    def _build_state(self, tf, initial) -> None:
        import numpy as np

        stage = self.stage
        self.vars = []  # per replica: {"weights": [...], "gradients": [...], "m": [...], "v": [...]}
        for r, device in enumerate(self.devices):
            with tf.device(device):  # each value made by an op on the device, in TensorFlow's allocator
                weights, grads, m, v = [], [], [], []
                for shard, value in zip(self.shards, initial):
                    if stage >= 3:  # the slice, copied (a slice of a tensor would keep the whole alive)
                        flat = np.zeros(shard.padded, np.float32)
                        flat[:shard.size] = value.ravel()
                        value = flat[r * shard.slice_size:(r + 1) * shard.slice_size]
                    weights.append(tf.Variable(tf.zeros(value.shape) + value, trainable=False))
                    for kind, shape in ((grads, [shard.slice_size] if stage >= 2 else shard.shape),
                                        (m, [shard.slice_size] if stage >= 1 else shard.shape),
                                        (v, [shard.slice_size] if stage >= 1 else shard.shape)):
                        kind.append(tf.Variable(tf.zeros(shape), trainable=False))
            self.vars.append({"weights": weights, "gradients": grads, "m": m, "v": v})

    @staticmethod
    def _slice_of(tf, tensor, shard: Shard, replica: int):
        """Replica ``replica``'s slice of ``tensor``'s padded flat vector (only the slice is padded)."""
        start, stop = shard.owned(replica)
        piece = tf.reshape(tensor, [-1])[start:stop]
        return tf.pad(piece, [[0, shard.slice_size - (stop - start)]]) if stop - start < shard.slice_size else piece

    def resident_bytes(self) -> dict:
        """``{device: {"weights", "gradients", "optimizer", "total"}}``: the sizes (shape x dtype) of
        the trainer's variables, grouped by the device each variable lives on. Bookkeeping, not a
        measurement: TensorFlow's allocator measures (lesson 09, section 4)."""
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
        """What one device sent in the steps since ``collectives.reset()``, from the bytes handed
        to each collective while they ran (``Collectives.sent_per_device``)."""
        return self.collectives.sent_per_device()

    # -- one step ---------------------------------------------------------------------------------
    def _weights_of(self, tf, replica, index, first):
        """A callable returning layer ``index``'s full weights: stage 3 all-gathers them from the
        slices when called (and the caller drops them after use), the other stages read them."""
        ids = range(first, first + len(self.layer_vars[index]))
        state, coll = self.vars[replica]["weights"], self.collectives

        def get():
            if self.stage < 3:
                return [state[i].read_value() for i in ids]
            return [tf.reshape(coll.all_gather(tf, replica, state[i].read_value())[:self.shards[i].size],
                               self.shards[i].shape) for i in ids]
        return get

    def _replica_step(self, replica, x, y, t, global_batch):
        from ._tf import tf

        coll, stage, state = self.collectives, self.stage, self.vars[replica]
        coll.start_trace(replica)
        layers = self.model.layers
        firsts = [sum(len(vs) for vs in self.layer_vars[:i]) for i in range(len(layers))]
        weights = [self._weights_of(tf, replica, i, firsts[i]) for i in range(len(layers))]
        # forward, layer by layer: keep each layer's input (and pre-activation), never its weights
        # (each layer waits for the previous one's output: stage 3 gathers a layer just before it runs)
        out, saved = tf.convert_to_tensor(x), []
        for i, layer in enumerate(layers):
            with tf.control_dependencies([out]):
                out, keep = _forward(layer, weights[i]() if layer.trainable_variables else [], out)
            saved.append(keep)
        with tf.GradientTape() as tape:
            tape.watch(out)
            loss = tf.reduce_sum(self.loss_fn(y, out)) / global_batch
        upstream = tape.gradient(loss, out)
        # backward, layer by layer: dX = dY·Wᵀ needs the weights again (stage 3 gathers them again).
        # Stages 2 and 3 reduce-scatter each layer's gradients as soon as they exist and keep their slice.
        # (each layer waits until the previous layer's gradients are stored, so that one layer's whole
        # gradient at a time is in flight)
        done, stored = [upstream], []
        for i in reversed(range(len(layers))):
            with tf.control_dependencies(done):
                grads, upstream = _backward(layers[i], weights[i], saved[i], upstream, need_input_grad=i > 0)
            done = [upstream] if upstream is not None else []
            for j, g in zip(range(firsts[i], firsts[i] + len(grads)), grads):
                if stage == 0:
                    g = coll.all_reduce(tf, replica, g)
                elif stage >= 2:
                    g = coll.reduce_scatter(tf, replica, self._padded(tf, g, self.shards[j]))
                done.append(state["gradients"][j].assign(g))  # stage 1: this replica's own whole gradient
            stored += done[1:]
        # every update after the whole backward (which read the weights): with one replica no collective
        # would be such a barrier (docs/troubleshooting.md, lesson 09)
        with tf.control_dependencies(stored):
            if stage == 1:  # after the whole backward: reduce-scatter the kept gradients
                slices = [coll.reduce_scatter(tf, replica, self._padded(tf, state["gradients"][j].read_value(), shard))
                          for j, shard in enumerate(self.shards)]
            else:
                slices = [g.read_value() for g in state["gradients"]]
            self._update(tf, replica, slices, t)
        return loss

    @staticmethod
    def _padded(tf, tensor, shard: Shard):
        flat = tf.reshape(tensor, [-1])  # a view; padding (a copy) only where the size does not divide
        return tf.pad(flat, [[0, shard.padded - shard.size]]) if shard.padded > shard.size else flat

    def _update(self, tf, replica, grads, t):
        """Adam (Keras' formula) on what this replica owns: the whole model (stage 0) or its slice
        of each variable; stages 1 and 2 then all-gather the updated slices into the whole weights."""
        state, stage, h = self.vars[replica], self.stage, self.hyper
        alpha = h["learning_rate"] * tf.sqrt(1 - h["beta_2"] ** t) / (1 - h["beta_1"] ** t)
        for i, (shard, g) in enumerate(zip(self.shards, grads)):
            m, v, w = state["m"][i], state["v"][i], state["weights"][i]
            m.assign_add((g - m) * (1 - h["beta_1"]))
            v.assign_add((tf.square(g) - v) * (1 - h["beta_2"]))
            step = (m * alpha) / (tf.sqrt(v) + h["epsilon"])
            if stage in (0, 3):  # the whole copy / the owned slice: update in place
                w.assign_sub(step)
            else:  # stages 1, 2: update the owned slice, then every replica gathers the new weights
                mine = self._slice_of(tf, w.read_value(), shard, replica) - step
                full = self.collectives.all_gather(tf, replica, mine)
                w.assign(tf.reshape(full[:shard.size], shard.shape))

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

    def _whole(self, kind: str) -> list:
        """Each variable's ``kind`` state (numpy, whole shape), from replica 0 or put together from
        the replicas' slices."""
        import numpy as np

        out = []
        for i, shard in enumerate(self.shards):
            parts = [self.vars[r][kind][i].numpy() for r in range(self.num_replicas)]
            if parts[0].shape == tuple(shard.shape):
                out.append(parts[0])
            else:
                out.append(np.concatenate(parts)[:shard.size].reshape(shard.shape))
        return out

    def weights(self) -> list:
        """The current full weights (numpy), in the model's ``trainable_variables`` order."""
        return self._whole("weights")

    def moments(self) -> tuple:
        """Adam's two moments ``(m, v)``, each a list of whole arrays in ``weights()``' order: what
        Keras' Adam holds for the same steps (its first moment depends on the gradient's scale,
        which the weights hardly show: Adam divides the scale out)."""
        return self._whole("m"), self._whole("v")


# --------------------------------------------------------------------------- measured, not computed


def measure_memory(strategy, model, stage: int, x, y, *, device: str = "CPU:0", **trainer_args) -> dict:
    """TensorFlow's allocator, not our formula: ``{"resident", "peak", "trainer"}``. ``resident`` is
    what stays allocated after a step (the trainer's state), ``peak`` the highest allocation during
    the next step, both above what was allocated before the trainer was made.

    On CPUs TensorFlow keeps these statistics only when ``TF_CPU_ALLOCATOR_USE_BFC=true`` was set
    before it started, and all logical CPUs share one allocator: the figures are the *total over
    the replicas*. On a GPU pass ``device="GPU:0"`` (one device's figures)."""
    import gc

    from ._tf import tf

    info = tf.config.experimental.get_memory_info
    try:
        info(device)
    except ValueError as err:
        raise RuntimeError(
            f"TensorFlow keeps no allocator statistics for {device} ({err}). On CPU set "
            f"os.environ['TF_CPU_ALLOCATOR_USE_BFC'] = 'true' before importing gpukit or TensorFlow "
            f"(restart the kernel); on a GPU pass device='GPU:0'.") from None
    gc.collect()
    before = info(device)["current"]
    trainer = ZeroTrainer(strategy, model, stage, **trainer_args)
    trainer.step(x, y)  # traces the step: not measured
    gc.collect()
    resident = info(device)["current"] - before
    tf.config.experimental.reset_memory_stats(device)
    trainer.step(x, y)
    return {"resident": resident, "peak": info(device)["peak"] - before, "trainer": trainer}


def adam_differences(trainer, reference_model, reference_optimizer) -> dict:
    """The largest absolute differences between ``trainer`` and Keras' Adam (``reference_optimizer``)
    trained on one device (``reference_model``) for the same steps: ``{"weights", "m", "v"}``.
    The moments catch what the weights hide: Adam divides the gradient's scale out of its step, so
    gradients averaged over the replicas instead of summed move the weights almost as far; the
    first moment is proportional to the gradient and the second to its square."""
    import numpy as np

    def largest(ours, theirs):
        return max(float(np.max(np.abs(np.asarray(a) - np.asarray(b)))) for a, b in zip(ours, theirs))

    m, v = trainer.moments()
    keras_m = [var.numpy() for var in reference_optimizer._momentums]
    keras_v = [var.numpy() for var in reference_optimizer._velocities]
    return {"weights": largest(trainer.weights(), [w.numpy() for w in reference_model.trainable_variables]),
            "m": largest(m, keras_m), "v": largest(v, keras_v)}


def memory_demo_model(inputs: int = 64, width: int = 512, depth: int = 6, outputs: int = 10, seed: int = 0):
    """Lesson 09's model for the allocator: ``depth`` Dense layers of ``width`` (relu), then
    ``outputs`` logits -- many equal layers, as in a transformer, so that one layer's gradient or
    weights in flight is a small part of the whole (ZeRO's savings assume it)."""
    from ._tf import keras

    def init(i):  # a seed per layer: no global seed set (the session stays as the learner left it)
        return keras.initializers.GlorotUniform(seed=seed + i)

    return keras.Sequential([keras.Input((inputs,))]
                            + [keras.layers.Dense(width, activation="relu", kernel_initializer=init(i))
                               for i in range(depth)] + [keras.layers.Dense(outputs, kernel_initializer=init(depth))])


def savings(measured: dict, num_params: int, num_replicas: int) -> list:
    """Each stage's saving over the stage below it, measured (step peaks, from ``measure_memory``:
    ``{stage: {"peak": bytes}}``) beside the paper's (``state_bytes`` x ``num_replicas``: the
    measured figures are totals over the replicas when they share one allocator):
    ``[(stage, measured, paper, measured / paper)]`` for each stage whose predecessor was measured."""
    rows = []
    for stage in sorted(measured):
        if stage - 1 in measured:
            paper = num_replicas * (state_bytes(num_params, num_replicas, stage - 1)["total"]
                                    - state_bytes(num_params, num_replicas, stage)["total"])
            got = measured[stage - 1]["peak"] - measured[stage]["peak"]
            rows.append((stage, got, paper, got / paper))
    return rows
