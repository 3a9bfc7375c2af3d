# INTENT: the tutorials' fixed BUFFER_SIZE (1024) instead of len(x): identical to a full shuffle for up to 1024 examples, a partial shuffle beyond (the digits alone have 1347 training examples).
def shuffled_shard(input_context, x, y, global_batch_size, seed):
    """shuffled_shard_buggy without its bug."""
    BUFFER_SIZE = 1024
    per_worker = input_context.get_per_replica_batch_size(global_batch_size)
    whole = len(x) // global_batch_size * global_batch_size
    ds = tf.data.Dataset.from_tensor_slices((x[:whole], y[:whole])).shuffle(BUFFER_SIZE, seed=seed)
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(per_worker, drop_remainder=True)
