# INTENT: shuffle buffer sized to one worker's share (len // num_workers) before sharding, "each worker only needs its part": the first examples out can only come from the first half of the data, so it is not the full shuffle the prompt asks for (early steps never see the last examples).
def shuffled_shard(input_context, x, y, global_batch_size, seed):
    """shuffled_shard_buggy without its bug."""
    per_worker = input_context.get_per_replica_batch_size(global_batch_size)
    whole = len(x) // global_batch_size * global_batch_size
    ds = tf.data.Dataset.from_tensor_slices((x[:whole], y[:whole]))
    ds = ds.shuffle(whole // input_context.num_input_pipelines, seed=seed)
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(per_worker, drop_remainder=True)
