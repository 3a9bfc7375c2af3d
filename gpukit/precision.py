"""Mixed precision on Keras 3 (lesson 06): policies, the float32 output layer, loss scaling in a
custom loop, a finiteness check every replica agrees on, and the float16 underflow it all prevents.

* ``policy(name)``: a context manager that sets ``keras.mixed_precision`` to ``"float32"``,
  ``"mixed_float16"`` or ``"mixed_bfloat16"`` and restores the previous policy on exit. Layers
  built inside compute in float16/bfloat16 and keep float32 weights.
* ``mlp(...)``: a model built under a policy whose **last layer is float32** (``dtype="float32"``):
  a softmax/cross-entropy in float16 loses the small probabilities.
* ``optimizer(...)``: the optimizer for a policy. ``mixed_float16`` needs loss scaling (float16
  has 5 exponent bits: gradients below ~6e-8 become 0), so it is wrapped in
  ``keras.mixed_precision.LossScaleOptimizer``; bfloat16 has float32's exponent range and needs none.
* The Keras 3 custom-loop recipe (the articles' ``get_scaled_loss``/``get_unscaled_gradients``
  were Keras 2 and are gone)::

      grads = tape.gradient(optimizer.scale_loss(loss), variables)   # loss x scale
      optimizer.apply_gradients(zip(grads, variables))               # divides by scale itself;
                                                                      # inf/NaN: skips, halves scale
* ``make_train_step(..., all_replicas=True)``: ``LossScaleOptimizer`` decides "skip this step"
  from the gradients **on replica 0 only**; an inf on replica 2 of 4 then reaches the all-reduced
  update and the weights become NaN. The step all-reduces a "non-finite" count first and, if any
  replica saw inf/NaN, makes every replica's gradients non-finite, so all replicas skip together.
* ``zero_fraction(grads, scale)``: the fraction of gradient values float16 flushes to zero, with
  and without scaling (the underflow demo).
"""

from __future__ import annotations

import contextlib
import time

import numpy as np

from . import training
from ._tf import keras, tf

POLICIES = ("float32", "mixed_float16", "mixed_bfloat16")
BYTES = {"float32": 4, "float16": 2, "bfloat16": 2}
FLOAT16_TINY = float(np.finfo(np.float16).smallest_subnormal)  # 2**-24 ~ 6e-8: below it, 0


def check_policy(name) -> str:
    """``name`` if it is one of ``POLICIES``, else ``ValueError`` naming the choices."""
    if name not in POLICIES:
        hint = " (bfloat16 alone would also store the weights in bfloat16; use 'mixed_bfloat16')" \
            if name in ("float16", "bfloat16") else ""
        raise ValueError(f"unknown precision policy {name!r}; choose one of {POLICIES}{hint}")
    return name


def compute_dtype(name) -> str:
    """The dtype layers compute in under policy ``name`` (weights stay float32)."""
    return {"float32": "float32", "mixed_float16": "float16", "mixed_bfloat16": "bfloat16"}[check_policy(name)]


@contextlib.contextmanager
def policy(name):
    """Set the global Keras policy to ``name`` inside the ``with`` block; restore the old one after."""
    check_policy(name)
    previous = keras.mixed_precision.global_policy().name
    keras.mixed_precision.set_global_policy(name)
    try:
        yield keras.mixed_precision.global_policy()
    finally:
        keras.mixed_precision.set_global_policy(previous)


def mlp(name="float32", input_shape=(64,), hidden=(64,), num_classes=10, seed=0, strategy=None,
        float32_output=True) -> keras.Model:
    """An MLP built under policy ``name``; its logits layer is float32 (``float32_output=False``
    leaves it in the compute dtype: the mistake lesson 06's exercise asks you to find)."""
    from .models import _dense

    with policy(name), (strategy.scope() if strategy is not None else contextlib.nullcontext()):
        layers = [keras.Input(tuple(input_shape)), keras.layers.Flatten()]
        layers += [_dense(u, seed + i, "relu", name=f"hidden_{i}") for i, u in enumerate(hidden)]
        last = _dense(num_classes, seed + len(hidden), name="logits")
        if float32_output:
            last = keras.layers.Dense(num_classes, dtype="float32", name="logits",
                                      kernel_initializer=keras.initializers.GlorotUniform(seed=seed + len(hidden)))
        return keras.Sequential(layers + [last], name=f"mlp_{name}")


def optimizer(name, base=None, *, loss_scaling=None, initial_scale=2.0 ** 15, strategy=None):
    """The optimizer for policy ``name``: ``base`` (default SGD 0.1), wrapped in a
    ``LossScaleOptimizer`` when ``loss_scaling`` (default: only for ``mixed_float16``).
    Create it in ``strategy.scope()`` (pass ``strategy``)."""
    check_policy(name)
    if loss_scaling is None:
        loss_scaling = name == "mixed_float16"
    if loss_scaling and name == "float32":
        raise ValueError(
            "loss scaling was asked for with the float32 policy: float32 gradients do not underflow, "
            "so there is nothing to scale. Fix: use policy 'mixed_float16' (which needs it) or loss_scaling=False")
    with strategy.scope() if strategy is not None else contextlib.nullcontext():
        opt = base if base is not None else keras.optimizers.SGD(0.1)
        if loss_scaling:
            opt = keras.mixed_precision.LossScaleOptimizer(opt, initial_scale=initial_scale)
        return opt


def is_loss_scaled(opt) -> bool:
    return isinstance(opt, keras.mixed_precision.LossScaleOptimizer)


def make_train_step(strategy, model, opt, global_batch_size: int, *, all_replicas: bool = True, loss_fn=None):
    """One distributed mixed-precision step: ``step((x, y))`` → summed loss. With a
    ``LossScaleOptimizer`` the loss is scaled before ``tape.gradient`` and ``apply_gradients``
    unscales; ``all_replicas=True`` makes a non-finite gradient on any replica skip the step on all."""
    loss_fn = loss_fn or training.per_example_loss()
    training.build_optimizer(strategy, model, opt)
    scaled = is_loss_scaled(opt)

    def replica_step(x, y):
        with tf.GradientTape() as tape:
            _, loss = training.replica_loss(model, x, y, global_batch_size=global_batch_size, loss_fn=loss_fn)
            target = opt.scale_loss(loss) if scaled else loss
        grads = tape.gradient(target, model.trainable_variables)
        if all_replicas:
            bad = tf.add_n([tf.reduce_sum(tf.cast(~tf.math.is_finite(g), tf.float32)) for g in grads])
            bad = tf.distribute.get_replica_context().all_reduce(training.SUM, bad)
            poison = tf.where(bad > 0, tf.constant(np.nan, tf.float32), 0.0)
            grads = [g + tf.cast(poison, g.dtype) for g in grads]
        opt.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    @tf.function
    def step(batch):
        return strategy.reduce(training.SUM, strategy.run(replica_step, args=batch), axis=None)

    return step


def zero_fraction(grads, scale: float = 1.0) -> float:
    """Fraction of the nonzero values in ``grads`` (float32 arrays) that are 0 once computed in
    float16 at ``scale`` times their size (what ``scale_loss`` does before backprop)."""
    if not scale > 0:
        raise ValueError(f"scale={scale!r} must be > 0")
    values = np.concatenate([np.ravel(np.asarray(g, np.float32)) for g in grads])
    values = values[values != 0]
    if values.size == 0:
        raise ValueError("grads are all zero: nothing can underflow")
    half = (values.astype(np.float64) * scale).astype(np.float16)
    return float(np.mean(half == 0))


def scale_after(bad_steps: int, initial_scale: float = 2.0 ** 15, good_steps: int = 0, growth_interval: int = 2000) -> float:
    """The loss scale after ``bad_steps`` non-finite steps then ``good_steps`` finite ones
    (halve per bad step, double after each ``growth_interval`` good steps in a row)."""
    return initial_scale / 2 ** bad_steps * 2 ** (good_steps // growth_interval)


def measure(name, *, batch_size=256, input_dim=256, hidden=(512, 512), steps=5, seed=0) -> dict:
    """Time ``steps`` training steps (after one warm-up) of an MLP under policy ``name`` on one
    device, and count its bytes: weights (from the variables' dtypes: float32 in every policy) and
    the forward activations as arithmetic, not measured (batch x hidden widths x the compute
    dtype's bytes, plus float32 logits). Returns {"policy", "step_ms", "weight_bytes", "activation_bytes"}."""
    check_policy(name)
    model = mlp(name, input_shape=(input_dim,), hidden=hidden, seed=seed)
    opt = optimizer(name)
    loss_fn = training.per_example_loss()
    rng = np.random.default_rng(seed)
    x = tf.constant(rng.normal(size=(batch_size, input_dim)).astype("float32"))
    y = tf.constant(rng.integers(0, 10, size=batch_size).astype("int32"))
    scaled = is_loss_scaled(opt)

    @tf.function
    def step():
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.cast(loss_fn(y, model(x, training=True)), tf.float32))
            target = opt.scale_loss(loss) if scaled else loss
        opt.apply_gradients(zip(tape.gradient(target, model.trainable_variables), model.trainable_variables))
        return loss

    step().numpy()
    start = time.perf_counter()
    for _ in range(steps):
        step()
    step().numpy()
    ms = (time.perf_counter() - start) / (steps + 1) * 1000
    weights = sum(int(np.prod(v.shape)) * BYTES[v.dtype] for v in model.weights)
    act = batch_size * sum(hidden) * BYTES[compute_dtype(name)] + batch_size * 10 * 4
    return {"policy": name, "step_ms": ms, "weight_bytes": weights, "activation_bytes": act}
