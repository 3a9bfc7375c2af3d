# INTENT: wrong: shards examples round-robin (as the tf.data guide recommends: shard early) and batches per worker, without first cutting to whole global batches; with one example short of another global batch, worker 0 gets one more (partial) step than the others: missing/extra examples, workers out of step.
def shard_dataset(input_context, x, y, global_batch_size):
    """This worker's dataset: its shard of (x, y), in batches of one replica's share of the global batch."""
    per_replica = input_context.get_per_replica_batch_size(global_batch_size)
    ds = tf.data.Dataset.from_tensor_slices((x, y))
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(per_replica, drop_remainder=True)
