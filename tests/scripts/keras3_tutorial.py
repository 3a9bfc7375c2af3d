"""TensorFlow's "Multi-worker training with Keras" tutorial, its structure unchanged, on Keras 3: MNIST-shaped
data (random, fixed: no download), ``MultiWorkerMirroredStrategy``, a ``Sequential`` compiled under its
scope, ``model.fit`` with ``BackupAndRestore`` on one shared folder, then ``model.evaluate``. Nothing in it
refers to gpukit: ``python -m gpukit launch --workers 2`` applies gpukit.keras_multiworker's fix.

    python keras3_tutorial.py BACKUP_DIR [--crash-at-epoch E MARKER]

Deterministic so that runs can be compared: no shuffle, fixed initial weights, each global batch of 64
split 32 + 32 between two workers (AutoShardPolicy.DATA), the same batches every epoch. Every worker prints
``LOSSES [...]`` (the per-epoch losses of ``fit``), ``EVAL x`` and ``WEIGHTS s`` (a checksum of the final
weights). ``--crash-at-epoch E MARKER``: worker 1 kills itself (SIGKILL) at the start of epoch E unless
MARKER exists (it creates MARKER first), so a restarted cluster resumes from the backup and runs through.
Without TF_CONFIG the same script trains in one process.
"""

import json
import os
import signal
import sys

import numpy as np
import tensorflow as tf

GLOBAL_BATCH, STEPS, EPOCHS = 64, 4, 3


def mnist_dataset(batch_size):
    rng = np.random.default_rng(0)
    x_train = rng.random((GLOBAL_BATCH * STEPS, 28, 28)).astype("float32")
    y_train = rng.integers(0, 10, GLOBAL_BATCH * STEPS).astype("int64")
    options = tf.data.Options()
    options.experimental_distribute.auto_shard_policy = tf.data.experimental.AutoShardPolicy.DATA
    return tf.data.Dataset.from_tensor_slices((x_train, y_train)).batch(batch_size).with_options(options)


def build_and_compile_cnn_model():
    model = tf.keras.Sequential([
        tf.keras.layers.InputLayer(shape=(28, 28)),
        tf.keras.layers.Reshape(target_shape=(28, 28, 1)),
        tf.keras.layers.Conv2D(4, 3, activation="relu"),
        tf.keras.layers.Flatten(),
        tf.keras.layers.Dense(16, activation="relu"),
        tf.keras.layers.Dense(10)])
    model.set_weights([np.random.default_rng(k).normal(scale=0.1, size=w.shape).astype("float32")
                       for k, w in enumerate(model.get_weights())])
    model.compile(loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                  optimizer=tf.keras.optimizers.SGD(learning_rate=0.05), metrics=["accuracy"])
    return model


class CrashAt(tf.keras.callbacks.Callback):
    def __init__(self, epoch, marker):
        super().__init__()
        self.epoch, self.marker = epoch, marker

    def on_epoch_begin(self, epoch, logs=None):
        task = json.loads(os.environ.get("TF_CONFIG", "{}")).get("task", {})
        if epoch == self.epoch and task.get("index") == 1 and not os.path.exists(self.marker):
            open(self.marker, "w").close()
            print(f"CRASHING at epoch {epoch}", flush=True)
            os.kill(os.getpid(), signal.SIGKILL)


strategy = tf.distribute.MultiWorkerMirroredStrategy()
multi_worker_dataset = mnist_dataset(GLOBAL_BATCH)
with strategy.scope():
    multi_worker_model = build_and_compile_cnn_model()
callbacks = [tf.keras.callbacks.BackupAndRestore(backup_dir=sys.argv[1])]
if "--crash-at-epoch" in sys.argv:
    at = sys.argv.index("--crash-at-epoch")
    callbacks.append(CrashAt(int(sys.argv[at + 1]), sys.argv[at + 2]))
history = multi_worker_model.fit(multi_worker_dataset, epochs=EPOCHS, callbacks=callbacks, verbose=0)
loss, accuracy = multi_worker_model.evaluate(multi_worker_dataset, verbose=0)
print("EPOCHS", history.epoch, flush=True)
print("LOSSES", json.dumps([float(v) for v in history.history["loss"]]), flush=True)
print("EVAL", json.dumps([float(loss), float(accuracy)]), flush=True)
print("WEIGHTS", json.dumps([float(np.sum(w, dtype="float64")) for w in multi_worker_model.get_weights()]),
      flush=True)
