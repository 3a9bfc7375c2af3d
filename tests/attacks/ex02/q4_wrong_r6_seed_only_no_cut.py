# INTENT: the minimal fix (seed=seed only), no cut to whole global batches: with n = k*GB + W*per_worker - 1 (one short of another global batch) worker 0 gets one step more than the others and waits forever at its all-reduce.
def shuffled_shard(input_context, x, y, global_batch_size, seed):
    """shuffled_shard_buggy without its bug."""
    per_worker = input_context.get_per_replica_batch_size(global_batch_size)
    ds = tf.data.Dataset.from_tensor_slices((x, y)).shuffle(len(x), seed=seed)
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(per_worker, drop_remainder=True)
