# INTENT: shuffle buffer sized by the usual heuristic "a few batches" (2 * global batch) instead of the whole data: a full shuffle only while len(x) <= 2*GB; on a real dataset examples move at most ~2 batches from their place.
def shuffled_shard(input_context, x, y, global_batch_size, seed):
    """shuffled_shard_buggy without its bug."""
    per_worker = input_context.get_per_replica_batch_size(global_batch_size)
    whole = len(x) // global_batch_size * global_batch_size
    ds = tf.data.Dataset.from_tensor_slices((x[:whole], y[:whole]))
    ds = ds.shuffle(2 * global_batch_size, seed=seed)
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(per_worker, drop_remainder=True)
