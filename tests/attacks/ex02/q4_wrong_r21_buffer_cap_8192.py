# INTENT: wrong: caps the shuffle buffer at 8192 elements "to bound memory" (the tf.data guide's advice); for up to 8192 examples it is the full shuffle, but with 10000 examples the buffer is smaller than the data: not a full shuffle and not shuffle(len(x), seed)'s order.
import numpy as np


def shuffled_shard(input_context, x, y, global_batch_size, seed):
    """shuffled_shard_buggy without its bug."""
    per_replica = input_context.get_per_replica_batch_size(global_batch_size)
    whole = len(x) // global_batch_size * global_batch_size
    ds = tf.data.Dataset.from_tensor_slices((np.array(x), np.array(y)))
    ds = ds.shuffle(min(len(x), 8192), seed=seed)
    ds = ds.take(whole).batch(per_replica, drop_remainder=True)
    return ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
