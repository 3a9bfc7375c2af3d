# INTENT: shuffles x and y IN PLACE with two generators of the same seed (same permutation, so pairs stay together): modifies the caller's arrays
import numpy as np

def shuffled_shard(input_context, x, y, global_batch_size, seed):
    """shuffled_shard_buggy without its bug."""
    per = input_context.get_per_replica_batch_size(global_batch_size)
    whole = len(x) // global_batch_size * global_batch_size
    np.random.default_rng(seed).shuffle(x)
    np.random.default_rng(seed).shuffle(y)
    ds = tf.data.Dataset.from_tensor_slices((x[:whole], y[:whole]))
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(per, drop_remainder=True)
