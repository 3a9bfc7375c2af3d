# INTENT: (right in round 4; wrong since round 6) each worker shuffles its own shard (same seed): examples Wj .. Wj+W-1 always share a step, a shuffle of blocks, not the full shuffle of the data
def shuffled_shard(input_context, x, y, global_batch_size, seed):
    """shuffled_shard_buggy without its bug."""
    per_worker = input_context.get_per_replica_batch_size(global_batch_size)
    whole = len(x) // global_batch_size * global_batch_size
    ds = tf.data.Dataset.from_tensor_slices((x[:whole], y[:whole]))
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    ds = ds.shuffle(whole, seed=seed, reshuffle_each_iteration=True)
    return ds.batch(per_worker, drop_remainder=True)
