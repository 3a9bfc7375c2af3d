"""A plain MultiWorkerMirroredStrategy custom training loop, written the way TensorFlow's
multi-worker tutorials write one: nothing from gpukit, the cluster comes from TF_CONFIG only.

    python mwms_train.py --data data.npz --out weights.npz [--epochs 2 --batch 16 --lr 0.1]

``data.npz`` holds x, y and the initial weights w1, b1, w2, b2 of a Dense(tanh) -> Dense(logits)
model; worker 0 (the chief) writes the trained weights to ``--out``.
"""

import argparse
import json
import os

import numpy as np
import tensorflow as tf

parser = argparse.ArgumentParser()
parser.add_argument("--data", required=True)
parser.add_argument("--out", required=True)
parser.add_argument("--epochs", type=int, default=2)
parser.add_argument("--batch", type=int, default=16, help="global batch size")
parser.add_argument("--lr", type=float, default=0.1)
args = parser.parse_args()

data = np.load(args.data)
x, y = data["x"].astype("float32"), data["y"].astype("int32")
GLOBAL_BATCH = args.batch

strategy = tf.distribute.MultiWorkerMirroredStrategy()


def dataset_fn(input_context):
    # shard by example, then batch by the per-replica batch: step k of all workers = global batch k
    ds = tf.data.Dataset.from_tensor_slices((x, y))
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    ds = ds.batch(input_context.get_per_replica_batch_size(GLOBAL_BATCH), drop_remainder=True)
    options = tf.data.Options()
    options.experimental_distribute.auto_shard_policy = tf.data.experimental.AutoShardPolicy.OFF
    return ds.with_options(options)


dist_dataset = strategy.distribute_datasets_from_function(dataset_fn)

with strategy.scope():
    model = tf.keras.Sequential([
        tf.keras.Input(shape=x.shape[1:]),
        tf.keras.layers.Dense(data["w1"].shape[1], activation="tanh"),
        tf.keras.layers.Dense(data["w2"].shape[1]),
    ])
    model.set_weights([data["w1"], data["b1"], data["w2"], data["b2"]])
    optimizer = tf.keras.optimizers.SGD(args.lr)
    optimizer.build(model.trainable_variables)

loss_object = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction="none")


@tf.function
def train_step(batch):
    def replica_step(xb, yb):
        with tf.GradientTape() as tape:
            per_example = loss_object(yb, model(xb, training=True))
            loss = tf.nn.compute_average_loss(per_example, global_batch_size=GLOBAL_BATCH)
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    losses = strategy.run(replica_step, args=batch)
    return strategy.reduce(tf.distribute.ReduceOp.SUM, losses, axis=None)


for epoch in range(args.epochs):
    for step, batch in enumerate(dist_dataset):
        loss = train_step(batch)
        print(f"epoch {epoch} step {step} loss {float(loss):.6f}", flush=True)

task = json.loads(os.environ.get("TF_CONFIG", "{}")).get("task", {"type": "worker", "index": 0})
if task["type"] == "chief" or (task["type"] == "worker" and task["index"] == 0):
    np.savez(args.out, *[np.asarray(w) for w in model.get_weights()])
    print(f"saved {args.out}", flush=True)
