# INTENT: (right in rounds 3-4; wrong since round 6) each worker shuffles its own shard with the same seed: examples 2j and 2j+1 always share a step, a shuffle of blocks, not the full shuffle of the data
def shuffled_shard(input_context, x, y, global_batch_size, seed):
    """shuffled_shard_buggy without its bug."""
    per_worker = input_context.get_per_replica_batch_size(global_batch_size)
    ds = tf.data.Dataset.from_tensor_slices((x, y))
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)  # disjoint shards first
    ds = ds.shuffle(len(x), seed=seed)                                             # then shuffle within the shard
    return ds.batch(per_worker, drop_remainder=True)
