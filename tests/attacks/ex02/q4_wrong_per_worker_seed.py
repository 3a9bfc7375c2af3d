# INTENT: seeds the shuffle but with seed + input_pipeline_id, so every worker permutes the data differently before sharding: examples are seen twice or never in an epoch. (public check: caught)
def shuffled_shard(input_context, x, y, global_batch_size, seed):
    """shuffled_shard_buggy without its bug."""
    per_worker = input_context.get_per_replica_batch_size(global_batch_size)
    ds = tf.data.Dataset.from_tensor_slices((x, y)).shuffle(len(x), seed=seed + input_context.input_pipeline_id)
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(per_worker, drop_remainder=True)
