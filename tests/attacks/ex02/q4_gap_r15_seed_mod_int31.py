# INTENT: gap: the seed folded into int32 range (seed % (2**31 - 1)): seeds 0 and 2**31 - 1 give one order; but TensorFlow itself folds an op seed modulo 2**31 - 1 (random_seed._truncate_seed), so Dataset.shuffle(seed=seed), the solution, does the same: no seed tells them apart
import numpy as np
def shuffled_shard(input_context, x, y, global_batch_size, seed):
    n = len(x)
    whole = n // global_batch_size * global_batch_size
    per_replica = input_context.get_per_replica_batch_size(global_batch_size)
    ds = tf.data.Dataset.from_tensor_slices((np.array(x), np.array(y)))
    ds = ds.shuffle(max(n, 1), seed=int(seed) % (2 ** 31 - 1), reshuffle_each_iteration=True)
    ds = ds.take(whole)
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    ds = ds.batch(per_replica, drop_remainder=True)
    opts = tf.data.Options()
    opts.experimental_distribute.auto_shard_policy = tf.data.experimental.AutoShardPolicy.OFF
    return ds.with_options(opts)

