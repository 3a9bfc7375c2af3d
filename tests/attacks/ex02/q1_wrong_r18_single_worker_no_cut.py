# INTENT: wrong: with a single worker the cut to whole global batches is skipped: with several replicas on that worker a partial global batch still gives extra replica batches ("a partial last batch is dropped")
def shard_dataset(input_context, x, y, global_batch_size):
    per_replica = input_context.get_per_replica_batch_size(global_batch_size)
    if input_context.num_input_pipelines == 1:
        return tf.data.Dataset.from_tensor_slices((x, y)).batch(per_replica, drop_remainder=True)
    whole = (len(x) // global_batch_size) * global_batch_size
    ds = tf.data.Dataset.from_tensor_slices((x[:whole], y[:whole]))
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(per_replica, drop_remainder=True)
