"""Keras 3 ``fit``/``evaluate``/``predict`` under ``MultiWorkerMirroredStrategy`` with what the tutorial
leaves out: dict inputs (a functional model with two named inputs), per-sample weights, and
``steps_per_execution=2``. Run unchanged under ``python -m gpukit launch --workers 2`` (the fix applied by
the launcher) or, with ``--plain``, in one process without a strategy (the reference). Prints ``RESULT
{json}``: fit's losses, evaluate's loss, predict's rows and their sum.
"""

import json
import sys

import numpy as np
import tensorflow as tf
import keras

N, GLOBAL_BATCH = 256, 32
rng = np.random.default_rng(1)
x = {"a": rng.normal(size=(N, 6)).astype("float32"), "b": rng.normal(size=(N, 3)).astype("float32")}
y = rng.normal(size=(N, 1)).astype("float32")
w = rng.uniform(0.5, 2.0, size=(N,)).astype("float32")


def build():
    a, b = keras.Input((6,), name="a"), keras.Input((3,), name="b")
    h = keras.layers.Dense(8, activation="tanh")(keras.layers.Concatenate()([a, b]))
    model = keras.Model({"a": a, "b": b}, keras.layers.Dense(1)(h))
    model.set_weights([np.random.default_rng(k).normal(scale=0.3, size=v.shape).astype("float32")
                       for k, v in enumerate(model.get_weights())])
    model.compile(optimizer=keras.optimizers.SGD(0.05), loss="mse", steps_per_execution=2)
    return model


if "--plain" in sys.argv:
    model = build()
    losses = model.fit(x, y, sample_weight=w, batch_size=GLOBAL_BATCH, epochs=2, shuffle=False,
                       verbose=0).history["loss"]
    evaluated = model.evaluate(x, y, sample_weight=w, batch_size=GLOBAL_BATCH, verbose=0)
    predicted = model.predict(x, batch_size=GLOBAL_BATCH, verbose=0)
else:
    strategy = tf.distribute.MultiWorkerMirroredStrategy()
    options = tf.data.Options()
    options.experimental_distribute.auto_shard_policy = tf.data.experimental.AutoShardPolicy.DATA
    train = tf.data.Dataset.from_tensor_slices((x, y, w)).batch(GLOBAL_BATCH).with_options(options)
    with strategy.scope():
        model = build()
    losses = model.fit(train, epochs=2, verbose=0).history["loss"]
    evaluated = model.evaluate(train, verbose=0)
    predicted = model.predict(tf.data.Dataset.from_tensor_slices(x).batch(GLOBAL_BATCH).with_options(options),
                              verbose=0)
print("RESULT " + json.dumps({"loss": [float(v) for v in losses], "eval": float(evaluated),
                              "rows": int(predicted.shape[0]), "sum": float(np.sum(predicted, dtype="float64"))}),
      flush=True)
