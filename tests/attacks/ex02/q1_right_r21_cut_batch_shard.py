# INTENT: right: copy of the whole global batches (values, dtypes, shapes kept bit for bit), batched by one replica's share, then every num_input_pipelines-th batch for this worker: step k of all workers = global batch k; partial batch dropped; deterministic.
import numpy as np


def shard_dataset(input_context, x, y, global_batch_size):
    """This worker's dataset: its shard of (x, y), in batches of one replica's share of the global batch."""
    per_replica = input_context.get_per_replica_batch_size(global_batch_size)
    whole = len(x) // global_batch_size * global_batch_size
    xs, ys = np.array(x[:whole], copy=True), np.array(y[:whole], copy=True)
    ds = tf.data.Dataset.from_tensor_slices((xs, ys))
    ds = ds.batch(per_replica, drop_remainder=True)
    return ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
