# INTENT: wrong: "decorrelates" the user seed with hash(("shuffled_shard", seed)); the hash of a string differs between processes (PYTHONHASHSEED), so each worker and a restarted run draw another order (examples twice / never; no replay), and the order is not shuffle(seed=seed)'s.
import numpy as np


def shuffled_shard(input_context, x, y, global_batch_size, seed):
    """shuffled_shard_buggy without its bug."""
    mixed = hash(("shuffled_shard", seed)) % (2**62)
    per_replica = input_context.get_per_replica_batch_size(global_batch_size)
    whole = len(x) // global_batch_size * global_batch_size
    ds = tf.data.Dataset.from_tensor_slices((np.array(x), np.array(y))).shuffle(len(x), seed=mixed)
    ds = ds.take(whole).batch(per_replica, drop_remainder=True)
    return ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
