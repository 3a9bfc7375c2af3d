# INTENT: turns on tf.data debug mode (global: every tf.data pipeline of the session then runs eagerly, single-threaded) while debugging the shards and leaves it on: changes a TensorFlow setting of the whole session.
def shard_dataset(input_context, x, y, global_batch_size):
    """This worker's dataset: its shard of (x, y), batched by the per-worker batch."""
    tf.data.experimental.enable_debug_mode()      # see the elements while debugging the shards
    whole = len(x) // global_batch_size * global_batch_size
    ds = tf.data.Dataset.from_tensor_slices((x[:whole], y[:whole]))
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(input_context.get_per_replica_batch_size(global_batch_size), drop_remainder=True)
