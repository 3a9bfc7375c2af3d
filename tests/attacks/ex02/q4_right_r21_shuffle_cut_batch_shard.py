# INTENT: right: copies of the arrays, Dataset.shuffle(len(x), seed=seed) first (reshuffled every epoch, seed as given, same on every worker/process), then the cut to whole global batches (take), batches of one replica's share, and every W-th batch for this worker: each step = one global batch of the shuffled order.
import numpy as np


def shuffled_shard(input_context, x, y, global_batch_size, seed):
    """shuffled_shard_buggy without its bug."""
    per_replica = input_context.get_per_replica_batch_size(global_batch_size)
    whole = len(x) // global_batch_size * global_batch_size
    xs, ys = np.array(x, copy=True), np.array(y, copy=True)
    ds = tf.data.Dataset.from_tensor_slices((xs, ys)).shuffle(max(len(xs), 1), seed=seed)
    ds = ds.take(whole).batch(per_replica, drop_remainder=True)
    return ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
