# INTENT: cuts to whole per-worker rounds (per_replica * num_workers) instead of whole global batches: the same with one replica per worker, but with 2 replicas per worker half a global batch is left over and becomes a lopsided last step
def shard_dataset(input_context, x, y, global_batch_size):
    """This worker's dataset: its shard of (x, y), in batches of one replica's share of the global batch."""
    per_replica = input_context.get_per_replica_batch_size(global_batch_size)
    rnd = per_replica * input_context.num_input_pipelines
    whole = len(x) // rnd * rnd
    ds = tf.data.Dataset.from_tensor_slices((x[:whole], y[:whole]))
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(per_replica, drop_remainder=True)
