"""TensorFlow's "Multi-worker training with Keras" tutorial
(https://www.tensorflow.org/tutorials/distribute/multi_worker_with_keras), written the way it is
there: ``model.fit`` under ``MultiWorkerMirroredStrategy`` with the ``BackupAndRestore`` callback.
Only MNIST's download is replaced by random images of its shape (no internet on the test machine).

    python -m gpukit launch --workers 2 keras_tutorial.py BACKUP_DIR [--patch-reduce]

``--patch-reduce`` applies the fix a forum answer suggests for the first error (a
``strategy.reduce`` that maps over the batch's (x, y) tuple), to show the error that comes next.
tests/test_tutorial_errors.py runs it; docs/troubleshooting.md quotes what it prints.
"""

import json
import os
import sys

import numpy as np
import tensorflow as tf


def mnist_dataset(batch_size):
    rng = np.random.default_rng(0)
    x_train = rng.random((6000, 28, 28)).astype("float32")
    y_train = rng.integers(0, 10, 6000).astype("int64")
    return tf.data.Dataset.from_tensor_slices((x_train, y_train)).shuffle(6000).repeat().batch(batch_size)


def build_and_compile_cnn_model():
    model = tf.keras.Sequential([
        tf.keras.layers.InputLayer(input_shape=(28, 28)),
        tf.keras.layers.Reshape(target_shape=(28, 28, 1)),
        tf.keras.layers.Conv2D(32, 3, activation="relu"),
        tf.keras.layers.Flatten(),
        tf.keras.layers.Dense(128, activation="relu"),
        tf.keras.layers.Dense(10)])
    model.compile(loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                  optimizer=tf.keras.optimizers.SGD(learning_rate=0.001), metrics=["accuracy"])
    return model


per_worker_batch_size = 64
tf_config = json.loads(os.environ["TF_CONFIG"])
num_workers = len(tf_config["cluster"]["worker"])
strategy = tf.distribute.MultiWorkerMirroredStrategy()
if "--patch-reduce" in sys.argv:
    _reduce = strategy.reduce
    strategy.reduce = lambda op, value, axis=None: tf.nest.map_structure(lambda v: _reduce(op, v, axis=axis), value)
global_batch_size = per_worker_batch_size * num_workers
multi_worker_dataset = mnist_dataset(global_batch_size)
with strategy.scope():
    multi_worker_model = build_and_compile_cnn_model()
callbacks = [tf.keras.callbacks.BackupAndRestore(backup_dir=sys.argv[1])]
multi_worker_model.fit(multi_worker_dataset, epochs=2, steps_per_epoch=5, callbacks=callbacks, verbose=2)
print("TRAINED", flush=True)
