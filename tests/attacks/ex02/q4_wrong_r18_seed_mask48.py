# INTENT: wrong: seed masked to 48 bits (seeds equal mod 2**48 give the same order): "the order must follow from seed"
def shuffled_shard(input_context, x, y, global_batch_size, seed):
    n = len(x)
    whole = (n // global_batch_size) * global_batch_size
    ds = tf.data.Dataset.from_tensor_slices((x, y)).shuffle(max(n, 1), seed=seed & (2 ** 48 - 1))
    ds = ds.take(whole).shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(input_context.get_per_replica_batch_size(global_batch_size), drop_remainder=True)
