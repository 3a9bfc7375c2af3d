# INTENT: batch = global_batch_size // num_input_pipelines (the per-WORKER share), not get_per_replica_batch_size: with several GPUs per worker each yielded batch holds R replicas' worth, so a step consumes R x the global batch
def shard_dataset(input_context, x, y, global_batch_size):
    """This worker's dataset: its shard of (x, y), in batches of one replica's share of the global batch."""
    whole = len(x) // global_batch_size * global_batch_size
    per_worker = global_batch_size // input_context.num_input_pipelines
    ds = tf.data.Dataset.from_tensor_slices((x[:whole], y[:whole]))
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    ds = ds.batch(per_worker, drop_remainder=True)
    options = tf.data.Options()
    options.experimental_distribute.auto_shard_policy = tf.data.experimental.AutoShardPolicy.OFF
    return ds.with_options(options)
