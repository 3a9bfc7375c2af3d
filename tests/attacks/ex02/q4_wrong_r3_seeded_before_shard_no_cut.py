# INTENT: (right in round 3; wrong since round 6, whose prompt states question 1's contract for any number of examples) no cut to whole global batches: with one example short of another global batch, worker 0 runs a step the others lack
def shuffled_shard(input_context, x, y, global_batch_size, seed):
    """shuffled_shard_buggy without its bug."""
    per_worker = input_context.get_per_replica_batch_size(global_batch_size)
    # every worker shuffles with the SAME seed, so they agree on the order before sharding
    ds = tf.data.Dataset.from_tensor_slices((x, y)).shuffle(len(x), seed=seed, reshuffle_each_iteration=True)
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(per_worker, drop_remainder=True)
