# INTENT: outside (round 21, ruled by the lead): seed % (2**31 - 1) is the fold Dataset.shuffle applies to its seed itself, so every seed draws the order shuffle(len(x), seed=seed) draws. The writer's intent: wrong: folds the seed into 31 bits ("TF's legacy seeds are int32") with seed % (2**31 - 1); small seeds unchanged so the public seed 0 passes, but -9, 10**18 + 1 and 2**53 + ... draw another order than shuffle(seed=seed) and distinct seeds can collide (the prompt forbids any rewrite of the seed).
import numpy as np


def shuffled_shard(input_context, x, y, global_batch_size, seed):
    """shuffled_shard_buggy without its bug."""
    op_seed = seed % (2**31 - 1)
    per_replica = input_context.get_per_replica_batch_size(global_batch_size)
    whole = len(x) // global_batch_size * global_batch_size
    ds = tf.data.Dataset.from_tensor_slices((np.array(x), np.array(y))).shuffle(len(x), seed=op_seed)
    ds = ds.take(whole).batch(per_replica, drop_remainder=True)
    return ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
