"""A Keras ``model.fit`` script the way TensorFlow's multi-worker tutorial writes one (Keras 2 via
``TF_USE_LEGACY_KERAS=1``, the fix docs/troubleshooting.md gives for Keras 3), with fixed data and
initial weights so its result can be compared: ``python keras_fit_mwms.py OUT.npz``. Under
``gpukit launch`` every worker joins the cluster; worker 0 writes the trained weights. Without
TF_CONFIG the same script trains in one process (the reference).
"""

import sys

import numpy as np
import tensorflow as tf

strategy = tf.distribute.MultiWorkerMirroredStrategy()
GLOBAL_BATCH, STEPS = 64, 6
rng = np.random.default_rng(0)
x = rng.normal(size=(GLOBAL_BATCH * STEPS, 20)).astype("float32")
y = rng.integers(0, 5, GLOBAL_BATCH * STEPS).astype("int64")
dataset = tf.data.Dataset.from_tensor_slices((x, y)).batch(GLOBAL_BATCH)   # no shuffle: a fixed order

with strategy.scope():
    model = tf.keras.Sequential([tf.keras.layers.Dense(32, activation="relu", input_shape=(20,)),
                                 tf.keras.layers.Dense(5)])
    model.set_weights([np.random.default_rng(k).normal(scale=0.3, size=w.shape).astype("float32")
                       for k, w in enumerate(model.get_weights())])
    model.compile(loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                  optimizer=tf.keras.optimizers.SGD(learning_rate=0.1))
history = model.fit(dataset, epochs=2, verbose=0)
resolver = strategy.cluster_resolver
if resolver is None or resolver.task_id in (None, 0):
    np.savez(sys.argv[1], *model.get_weights(), loss=np.array(history.history["loss"]))
print("TRAINED on", strategy.num_replicas_in_sync, "replica(s)", flush=True)
