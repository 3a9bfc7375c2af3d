# INTENT: shuffles x and y with two separate seeded shuffles (different seeds): inputs and labels no longer match.
def shuffled_shard(input_context, x, y, global_batch_size, seed):
    """shuffled_shard_buggy without its bug."""
    per_worker = input_context.get_per_replica_batch_size(global_batch_size)
    xs = tf.data.Dataset.from_tensor_slices(x).shuffle(len(x), seed=seed)
    ys = tf.data.Dataset.from_tensor_slices(y).shuffle(len(y), seed=seed + 1)
    ds = tf.data.Dataset.zip((xs, ys))
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(per_worker, drop_remainder=True)
