# INTENT: cuts the partial step with take(len(x) // global_batch_size) counted in per-replica batches: right with one replica per worker, but a worker with 2 replicas needs 2 batches per step, so half the data is silently dropped
def shard_dataset(input_context, x, y, global_batch_size):
    """This worker's dataset: its shard of (x, y), in batches of one replica's share of the global batch."""
    per_replica = input_context.get_per_replica_batch_size(global_batch_size)
    ds = tf.data.Dataset.from_tensor_slices((x, y))
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    ds = ds.batch(per_replica, drop_remainder=True)
    return ds.take(len(x) // global_batch_size)
