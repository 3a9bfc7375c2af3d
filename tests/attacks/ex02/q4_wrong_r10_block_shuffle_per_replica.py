# INTENT: shuffles per-replica-sized blocks of consecutive examples (each block stays together), with a per-example shuffle of a small buffer on top: not a full shuffle, neighbours in the file stay near each other
def shuffled_shard(input_context, x, y, global_batch_size, seed):
    """shuffled_shard_buggy without its bug."""
    per_replica = input_context.get_per_replica_batch_size(global_batch_size)
    whole = len(x) // global_batch_size * global_batch_size
    n_blocks = -(-len(x) // per_replica)
    ds = tf.data.Dataset.from_tensor_slices((x, y)).batch(per_replica)
    ds = ds.shuffle(n_blocks, seed=seed, reshuffle_each_iteration=True).unbatch()
    ds = ds.shuffle(per_replica, seed=seed + 1, reshuffle_each_iteration=True).take(whole)
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(per_replica, drop_remainder=True)
