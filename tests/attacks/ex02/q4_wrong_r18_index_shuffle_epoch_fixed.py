# INTENT: wrong: two shuffles, the outer with reshuffle_each_iteration=False and a buffer of half the data: the order is a reshuffle of a fixed partial shuffle -> examples of the first half never reach the last steps... (buffer n//2+1 is not a full shuffle)
def shuffled_shard(input_context, x, y, global_batch_size, seed):
    n = len(x)
    whole = (n // global_batch_size) * global_batch_size
    ds = tf.data.Dataset.from_tensor_slices((x, y))
    ds = ds.shuffle(max(n, 1), seed=seed, reshuffle_each_iteration=False).shuffle(max(n // 2 + 1, 1), seed=seed)
    ds = ds.take(whole).shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(input_context.get_per_replica_batch_size(global_batch_size), drop_remainder=True)
