# INTENT: shards and batches in file order, then shuffles only the ORDER of the batches (same seed on every worker): every example is seen once, but the global batches are always the same groups of consecutive examples. (public check: caught)
def shuffled_shard(input_context, x, y, global_batch_size, seed):
    """shuffled_shard_buggy without its bug."""
    per_worker = input_context.get_per_replica_batch_size(global_batch_size)
    ds = tf.data.Dataset.from_tensor_slices((x, y))
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    ds = ds.batch(per_worker, drop_remainder=True)
    return ds.shuffle(len(x) // global_batch_size + 1, seed=seed)
