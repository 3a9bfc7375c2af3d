# INTENT: a dataset of indices mapped through tf.numpy_function onto the arrays (no copy of big arrays): it reads x and y when iterated, not as they were at the call, so a later in-place edit of the arrays changes the batches
import numpy as np


def shard_dataset(input_context, x, y, global_batch_size):
    """This worker's dataset: its shard of (x, y), in batches of one replica's share of the global batch."""
    per_replica = input_context.get_per_replica_batch_size(global_batch_size)
    whole = len(x) // global_batch_size * global_batch_size
    ds = tf.data.Dataset.range(whole).shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    ds = ds.batch(per_replica, drop_remainder=True)

    def look_up(idx):
        xb, yb = tf.numpy_function(lambda i: (x[i], y[i]), [idx], (tf.as_dtype(x.dtype), tf.as_dtype(y.dtype)))
        xb.set_shape((None,) + x.shape[1:])
        yb.set_shape((None,) + y.shape[1:])
        return xb, yb

    return ds.map(look_up)
