# INTENT: shuffles blocks of one replica's batch (batch, shuffle the batches, unbatch): examples of a block always train together, not a full shuffle of the examples
def shuffled_shard(input_context, x, y, global_batch_size, seed):
    """shuffled_shard_buggy without its bug."""
    per = input_context.get_per_replica_batch_size(global_batch_size)
    whole = len(x) // global_batch_size * global_batch_size
    ds = tf.data.Dataset.from_tensor_slices((x, y)).batch(per, drop_remainder=True)
    ds = ds.shuffle(len(x) // per + 1, seed=seed).unbatch().take(whole)
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(per, drop_remainder=True)
