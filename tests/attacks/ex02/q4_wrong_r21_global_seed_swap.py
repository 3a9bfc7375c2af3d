# INTENT: wrong: sets TF's global seed to `seed` around an unseeded shuffle and "puts it back" with set_seed(old); the order is not shuffle(len(x), seed=seed)'s (it depends on the op counter), and set_seed resets the session's seed state (and unsets it when none was set): the session is changed.
import numpy as np


def shuffled_shard(input_context, x, y, global_batch_size, seed):
    """shuffled_shard_buggy without its bug."""
    old_global_seed = tf.compat.v1.get_seed(None)[0]
    tf.random.set_seed(seed)
    try:
        ds = tf.data.Dataset.from_tensor_slices((np.array(x), np.array(y))).shuffle(len(x))
    finally:
        tf.random.set_seed(old_global_seed)
    per_replica = input_context.get_per_replica_batch_size(global_batch_size)
    whole = len(x) // global_batch_size * global_batch_size
    ds = ds.take(whole).batch(per_replica, drop_remainder=True)
    return ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
