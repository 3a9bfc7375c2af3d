# INTENT: outside (round 21, ruled by the lead): x and y read lazily with tf.numpy_function (kept out of the graph, as for arrays past the 2 GB proto limit); the prompt asks for the order, the shards and the arrays left unchanged, not that the dataset copy them when it is built. The writer's intent: wrong: keeps x, y out of the graph ("2 GB proto limit") and reads them lazily with tf.numpy_function when iterated; the dataset then reflects later in-place writes to the arrays (not the arrays as they were at the call), though the order is shuffle(n, seed)'s.
import numpy as np


def shuffled_shard(input_context, x, y, global_batch_size, seed):
    """shuffled_shard_buggy without its bug."""
    n = len(x)
    per_replica = input_context.get_per_replica_batch_size(global_batch_size)
    whole = n // global_batch_size * global_batch_size

    def fetch(idx):
        return x[idx], y[idx]

    def gather(idx):
        xb, yb = tf.numpy_function(fetch, [idx], (tf.as_dtype(x.dtype), tf.as_dtype(y.dtype)))
        xb.set_shape((None,) + tuple(x.shape[1:]))
        yb.set_shape((None,) + tuple(y.shape[1:]))
        return xb, yb

    order = tf.data.Dataset.range(n).shuffle(n, seed=seed).take(whole)
    order = order.batch(per_replica, drop_remainder=True)
    order = order.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return order.map(gather)
