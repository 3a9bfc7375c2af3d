# INTENT: cuts the data to a multiple of global_batch_size x num_workers ("every worker must get whole global batches"): drops whole global batches that one process would train on (e.g. 5 global batches on 2 workers -> 4 steps)
def shard_dataset(input_context, x, y, global_batch_size):
    """This worker's dataset: its shard of (x, y), in batches of one replica's share of the global batch."""
    W = input_context.num_input_pipelines
    per_replica = input_context.get_per_replica_batch_size(global_batch_size)
    whole = len(x) // (global_batch_size * W) * (global_batch_size * W)
    ds = tf.data.Dataset.from_tensor_slices((x[:whole], y[:whole]))
    return ds.shard(W, input_context.input_pipeline_id).batch(per_replica, drop_remainder=True)
