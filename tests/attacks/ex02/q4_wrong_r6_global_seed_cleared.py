# INTENT: seeds through TensorFlow's global seed and then "puts it back" with tf.random.set_seed(None): a session that had its own global seed loses it (global state changed), and the order also depends on how many random ops the session made before.
def shuffled_shard(input_context, x, y, global_batch_size, seed):
    """shuffled_shard_buggy without its bug."""
    tf.random.set_seed(seed)
    try:
        per_worker = input_context.get_per_replica_batch_size(global_batch_size)
        whole = len(x) // global_batch_size * global_batch_size
        ds = tf.data.Dataset.from_tensor_slices((x[:whole], y[:whole])).shuffle(whole)
        ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
        return ds.batch(per_worker, drop_remainder=True)
    finally:
        tf.random.set_seed(None)
