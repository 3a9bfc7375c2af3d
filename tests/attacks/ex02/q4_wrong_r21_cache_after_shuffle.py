# INTENT: wrong: caches the finished, shuffled batches (.cache() at the end "so later epochs skip the shuffle work"); the cache freezes the first epoch's order, so every epoch repeats it and examples left out by the cut in epoch 1 never reach a step (a new order every epoch required).
import numpy as np


def shuffled_shard(input_context, x, y, global_batch_size, seed):
    """shuffled_shard_buggy without its bug."""
    per_replica = input_context.get_per_replica_batch_size(global_batch_size)
    whole = len(x) // global_batch_size * global_batch_size
    ds = tf.data.Dataset.from_tensor_slices((np.array(x), np.array(y)))
    ds = ds.shuffle(len(x), seed=seed)
    ds = ds.take(whole).batch(per_replica, drop_remainder=True)
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.cache()
