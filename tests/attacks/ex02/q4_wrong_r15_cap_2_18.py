# INTENT: wrong: shuffle buffer capped at 2**18 (memory), not a full shuffle for larger data (prompt: a full shuffle, any example may reach any step)
import numpy as np
def shuffled_shard(input_context, x, y, global_batch_size, seed):
    n = len(x)
    whole = n // global_batch_size * global_batch_size
    per_replica = input_context.get_per_replica_batch_size(global_batch_size)
    ds = tf.data.Dataset.from_tensor_slices((np.array(x), np.array(y)))
    ds = ds.shuffle(min(n, 2 ** 18), seed=seed, reshuffle_each_iteration=True)
    ds = ds.take(whole)
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    ds = ds.batch(per_replica, drop_remainder=True)
    opts = tf.data.Options()
    opts.experimental_distribute.auto_shard_policy = tf.data.experimental.AutoShardPolicy.OFF
    return ds.with_options(opts)

