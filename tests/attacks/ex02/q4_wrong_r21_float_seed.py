# INTENT: wrong: normalises the seed with int(float(seed)) "so numpy/float seeds from a config work"; every seed past 2**53 is rounded (2**53 + 1 gives 2**53's order, 10**18 + 1 gives 10**18's): a rewrite of the seed, and different seeds draw the same order.
import numpy as np


def shuffled_shard(input_context, x, y, global_batch_size, seed):
    """shuffled_shard_buggy without its bug."""
    seed = int(float(seed))
    per_replica = input_context.get_per_replica_batch_size(global_batch_size)
    whole = len(x) // global_batch_size * global_batch_size
    ds = tf.data.Dataset.from_tensor_slices((np.array(x), np.array(y))).shuffle(len(x), seed=seed)
    ds = ds.take(whole).batch(per_replica, drop_remainder=True)
    return ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
