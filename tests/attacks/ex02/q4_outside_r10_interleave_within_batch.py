# INTENT: full seeded shuffle but the split takes contiguous halves of the whole cut data per worker (worker 0 the first half of the shuffled epoch): every example once per epoch, but a step mixes examples of two different global batches
def shuffled_shard(input_context, x, y, global_batch_size, seed):
    """shuffled_shard_buggy without its bug."""
    per_replica = input_context.get_per_replica_batch_size(global_batch_size)
    workers = input_context.num_input_pipelines
    wid = input_context.input_pipeline_id
    whole = len(x) // global_batch_size * global_batch_size
    part = whole // workers
    ds = tf.data.Dataset.from_tensor_slices((x, y)).shuffle(len(x), seed=seed).take(whole)
    ds = ds.skip(wid * part).take(part)
    return ds.batch(per_replica, drop_remainder=True)
