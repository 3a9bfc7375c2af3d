def shuffled_shard(input_context, x, y, global_batch_size, seed):
    """shuffled_shard_buggy without its bug."""
    per_replica = input_context.get_per_replica_batch_size(global_batch_size)
    workers = input_context.num_input_pipelines
    wid = input_context.input_pipeline_id
    per_worker = global_batch_size // workers
    ds = tf.data.Dataset.from_tensor_slices((x, y)).shuffle(len(x), seed=seed, reshuffle_each_iteration=True)
    ds = ds.batch(global_batch_size, drop_remainder=True)          # whole global batches, same on every worker
    ds = ds.map(lambda xb, yb: (xb[wid * per_worker:(wid + 1) * per_worker],
                                yb[wid * per_worker:(wid + 1) * per_worker]))
    return ds.unbatch().batch(per_replica, drop_remainder=True)
