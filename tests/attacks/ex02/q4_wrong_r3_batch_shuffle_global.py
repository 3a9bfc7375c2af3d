# INTENT: shuffles whole global batches only (their order), with the seed: the examples inside each global batch never mix, which a student thinks is "shuffled".
def shuffled_shard(input_context, x, y, global_batch_size, seed):
    """shuffled_shard_buggy without its bug."""
    per_worker = input_context.get_per_replica_batch_size(global_batch_size)
    ds = tf.data.Dataset.from_tensor_slices((x, y)).batch(global_batch_size, drop_remainder=True)
    ds = ds.shuffle(len(x) // global_batch_size, seed=seed).unbatch()
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(per_worker, drop_remainder=True)
