# INTENT: correct: cut to whole global batches, shuffle with the given seed (same permutation on every worker, reshuffled each epoch, replayed on rebuild), then shard and batch.
def shuffled_shard(input_context, x, y, global_batch_size, seed):
    """shuffled_shard_buggy without its bug."""
    n = (len(x) // global_batch_size) * global_batch_size
    per_worker = input_context.get_per_replica_batch_size(global_batch_size)
    ds = tf.data.Dataset.from_tensor_slices((x[:n], y[:n]))
    ds = ds.shuffle(n, seed=seed, reshuffle_each_iteration=True)
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    ds = ds.batch(per_worker, drop_remainder=True)
    options = tf.data.Options()
    options.experimental_distribute.auto_shard_policy = tf.data.experimental.AutoShardPolicy.OFF
    return ds.with_options(options)
