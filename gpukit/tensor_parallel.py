"""Tensor parallelism: one pair of layers split over devices, Megatron style (lesson 05).

Lesson 05's last part, after the pipeline (``gpukit.pipeline``), top to bottom:

1. **Tensor parallelism**: ``TensorParallelPair`` splits Dense(h) -> Dense(out) Megatron-style over
   ``d`` devices: the first weight by columns, the second by rows, so each device computes a partial
   output without talking to the others; an all-reduce (sum) of the partial outputs finishes the
   forward pass, and one of the partial input gradients the backward pass, both real collectives
   whose result is on every device.
2. **The pitfall**: ``keras_model_parallel_placement`` builds a model under Keras 3's
   ``keras.distribution.ModelParallel`` and reports where each weight really is (on the TensorFlow
   backend: all on one device, unsplit).

Bad input raises ``ValueError`` naming the cause and the fix, before any work.
"""

from __future__ import annotations

from ._args import whole
from .pipeline import BYTES_PER_VALUE  # float32


# --------------------------------------------------------------------------- 1. tensor parallelism


def _sum_of_squares(out):
    from ._tf import tf

    return tf.reduce_sum(out ** 2)


class TensorParallelPair:
    """``relu(x @ W1 + b1) @ W2 + b2`` split over ``d`` devices, Megatron style, each device one
    replica of a ``MirroredStrategy`` over ``devices``.

    Device ``k`` holds columns ``k*h/d .. (k+1)*h/d`` of ``W1`` (and of ``b1``) and the same rows
    of ``W2``; ``b2`` is replicated. Between them, Megatron-LM's conjugate pair of communications,
    both real all-reduces (``ReplicaContext.all_reduce`` of the strategy's ``cross_device_ops``:
    ``ReductionToOneDevice`` by default, as ``gpukit.strategies.mirrored``, since collectives
    allow one replica count per process; ``NcclAllReduce``, a ring, on GPUs) whose result is on
    *every* device:

    * ``g``, after the row-split ``W2``: forward, an **all-reduce (sum)** of the ``d`` partial
      outputs (``batch x out`` floats each); backward, identity (every device already holds the
      whole output gradient).
    * ``f``, before the column-split ``W1``: forward, identity (every device has ``x``); backward,
      an **all-reduce (sum)** of the ``d`` partial input gradients (``batch x in`` floats), since
      each device's ``W1`` columns saw all of ``x``.

    Every device computes the same loss from its copy of the output (Megatron's convention), so
    its shards' gradients are the unsplit pair's, sliced. ``communication(batch)`` counts the
    bytes each device sends in a ring all-reduce (NCCL's): ``2 (d-1)/d`` of the buffer each.
    Runs eagerly (one thread per replica): inside a ``tf.function`` TensorFlow reports every
    result on the first CPU, which would hide where each copy lives.
    """

    ALL_REDUCE = ("g: all-reduce (sum) of the partial outputs, forward; "
                  "f: all-reduce (sum) of the partial input gradients, backward")

    def __init__(self, w1, b1, w2, b2, devices, cross_device_ops=None):
        import numpy as np

        from ._tf import tf
        from .strategies import mirrored

        devices = list(devices)
        d = len(devices)
        if d < 1:
            raise ValueError("devices is empty: pass the devices to split over, e.g. ['/CPU:0', '/CPU:1']")
        w1, b1, w2, b2 = (np.asarray(a, dtype="float32") for a in (w1, b1, w2, b2))
        h = w1.shape[1]
        if w2.shape[0] != h or b1.shape != (h,) or b2.shape != (w2.shape[1],):
            raise ValueError(f"shapes do not chain: W1 {w1.shape}, b1 {b1.shape}, W2 {w2.shape}, b2 {b2.shape}; "
                             f"need W1 (in, h), b1 (h,), W2 (h, out), b2 (out,)")
        if h % d:
            raise ValueError(f"hidden width {h} is not divisible by d={d} devices: each device needs the same "
                             f"number of columns; pick a width that is a multiple of {d} (or another d)")
        self.devices, self.d, self.width = devices, d, h
        self.in_width, self.out_width = w1.shape[0], w2.shape[1]
        cut = h // d
        self.shards = []
        for k, device in enumerate(devices):
            cols = slice(k * cut, (k + 1) * cut)
            with tf.device(device):
                self.shards.append((tf.Variable(w1[:, cols]), tf.Variable(b1[cols]), tf.Variable(w2[cols, :]),
                                    tf.Variable(b2)))
        # how the all-reduces travel: ReductionToOneDevice by default (sum on one device, copied back
        # to all), as gpukit.strategies.mirrored; on GPUs pass tf.distribute.NcclAllReduce() (a ring)
        self.strategy = mirrored(devices, cross_device_ops)
        self._step = None

    @property
    def variables(self) -> list:
        """Every device's ``W1`` columns, ``b1`` slice, ``W2`` rows and copy of ``b2``, device by device."""
        return [v for shard in self.shards for v in shard]

    def gather(self):
        """The full ``W1, b1, W2, b2`` put back together (numpy), to compare with the unsplit pair."""
        import numpy as np

        return (np.concatenate([s[0].numpy() for s in self.shards], axis=1),
                np.concatenate([s[1].numpy() for s in self.shards]),
                np.concatenate([s[2].numpy() for s in self.shards], axis=0), self.shards[0][3].numpy())

    def _build(self, loss_fn):
        from ._tf import tf

        sum_ = tf.distribute.ReduceOp.SUM

        def g(partial):           # all-reduce forward, identity backward
            @tf.custom_gradient
            def op(p):
                return tf.distribute.get_replica_context().all_reduce(sum_, p), lambda dy: dy
            return op(partial)

        def f(x):                 # identity forward, all-reduce backward
            @tf.custom_gradient
            def op(v):
                return tf.identity(v), lambda dx: tf.distribute.get_replica_context().all_reduce(sum_, dx)
            return op(x)

        def replica_step(x):
            ctx = tf.distribute.get_replica_context()
            w1, b1, w2, b2 = self.shards[int(tf.get_static_value(ctx.replica_id_in_sync_group))]
            with tf.GradientTape() as tape:
                tape.watch(x)
                partial = tf.nn.relu(tf.matmul(f(x), w1) + b1) @ w2   # no communication in between
                out = g(partial) + b2
                loss = loss_fn(out)
            return (out, loss, *tape.gradient(loss, [w1, b1, w2, b2, x]))

        def step(x):
            return self.strategy.run(replica_step, args=(x,))

        return step

    def run(self, x, loss_fn=None):
        """Forward and backward on every device. Returns a dict of per-device lists (numpy):
        ``outputs``, ``losses``, ``grads`` (each device's ``[dW1 columns, db1 slice, dW2 rows,
        db2]``) and ``input_grads`` (d loss / d x). ``loss_fn(out) -> scalar`` defaults to the sum
        of squares."""
        from ._tf import tf

        loss_fn = loss_fn or _sum_of_squares     # one function: the built step is reused across calls
        if self._step is None or self._step[0] is not loss_fn:
            self._step = (loss_fn, self._build(loss_fn))
        x = tf.convert_to_tensor(x, tf.float32)
        if x.shape.rank != 2 or x.shape[1] != self.in_width:
            raise ValueError(f"x has shape {tuple(x.shape)}; the pair takes (batch, {self.in_width})")
        result = self._step[1](x)
        local = [self.strategy.experimental_local_results(r) for r in result]
        return {"outputs": [o.numpy() for o in local[0]], "losses": [float(v) for v in local[1]],
                "grads": [[local[j][k].numpy() for j in range(2, 6)] for k in range(self.d)],
                "input_grads": [v.numpy() for v in local[6]],
                "devices": [o.device for o in local[0]]}

    def __call__(self, x):
        """The output (device 0's copy, numpy)."""
        return self.run(x)["outputs"][0]

    def communication(self, batch: int) -> dict:
        """Bytes each device sends per step, in a ring: ``2 (d-1)/d`` of each all-reduced buffer."""
        whole("batch", batch)
        ring = 2 * (self.d - 1) / self.d
        return {"g forward (partial outputs)": ring * batch * self.out_width * BYTES_PER_VALUE,
                "f backward (partial input gradients)": ring * batch * self.in_width * BYTES_PER_VALUE}


# --------------------------------------------------------------------------- 2. the pitfall


def keras_model_parallel_placement(devices, width: int = 16) -> dict:
    """Build a two-layer model under ``keras.distribution.ModelParallel`` asking for the first
    kernel to be split by columns over ``devices``. Returns ``{"keras": version, "error": None or
    "Type: message", "placed": [(path, device, shape)] or None}``.

    With the JAX backend that kernel would be sharded. With TensorFlow nothing is split, in one
    of two ways depending on Keras: 3.15 builds the model with every weight whole on the first
    device, and nothing says so; 3.13 (Colab's runtime in 2026) cannot even create the
    distribution (``AttributeError: module 'keras.src.backend.tensorflow.distribution_lib' has no
    attribute 'num_processes'``).
    """
    from ._tf import keras

    try:
        return {"keras": keras.__version__, "error": None, "placed": _model_parallel_placed(devices, width)}
    except AttributeError as e:
        return {"keras": keras.__version__, "error": f"AttributeError: {e}", "placed": None}


def _model_parallel_placed(devices, width):
    from ._tf import keras

    devices = [d.lower().lstrip("/").replace("device:", "") for d in devices]
    mesh = keras.distribution.DeviceMesh(shape=(len(devices),), axis_names=["model"], devices=devices)
    layout = keras.distribution.LayoutMap(mesh)
    layout["split_me/kernel"] = (None, "model")
    strategy = keras.distribution.ModelParallel(layout_map=layout, batch_dim_name=None)
    with strategy.scope():
        model = keras.Sequential([keras.Input((8,)), keras.layers.Dense(width, name="split_me"),
                                  keras.layers.Dense(4, name="out")])
    return [(v.path, v.value.device, tuple(v.shape)) for v in model.weights]
