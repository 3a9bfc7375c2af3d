# INTENT: wrong: casts the inputs to float32 ("what the model expects") and the labels to int64; float64 inputs (and their NaN payloads) are not kept as given (values, dtypes).
import numpy as np


def shard_dataset(input_context, x, y, global_batch_size):
    """This worker's dataset: its shard of (x, y), in batches of one replica's share of the global batch."""
    whole = len(x) // global_batch_size * global_batch_size
    xs = np.asarray(x[:whole], dtype=np.float32).copy()
    ys = np.asarray(y[:whole]).astype(np.int64)
    per_replica = input_context.get_per_replica_batch_size(global_batch_size)
    ds = tf.data.Dataset.from_tensor_slices((xs, ys))
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(per_replica, drop_remainder=True)
