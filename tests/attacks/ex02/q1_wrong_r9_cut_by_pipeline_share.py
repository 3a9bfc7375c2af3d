# INTENT: cuts to a multiple of (per-replica batch x num_input_pipelines), thinking that is "one step"; with several replicas per worker that is only part of a global batch, so a partial global batch survives the cut and pipelines end with a half step
def shard_dataset(input_context, x, y, global_batch_size):
    """This worker's dataset: its shard of (x, y), in batches of one replica's share of the global batch."""
    per_replica = input_context.get_per_replica_batch_size(global_batch_size)
    chunk = per_replica * input_context.num_input_pipelines
    whole = len(x) // chunk * chunk
    ds = tf.data.Dataset.from_tensor_slices((x[:whole], y[:whole]))
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(per_replica, drop_remainder=True)
