def shard_dataset(input_context, x, y, global_batch_size):
    """This worker's dataset: its shard of (x, y), in batches of one replica's share of the global batch."""
    per_replica = input_context.get_per_replica_batch_size(global_batch_size)
    steps = len(x) // global_batch_size
    chunks = steps * global_batch_size // per_replica   # replica-sized chunks in whole global batches
    ds = tf.data.Dataset.from_tensor_slices((x, y)).batch(per_replica, drop_remainder=True).take(chunks)
    return ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
