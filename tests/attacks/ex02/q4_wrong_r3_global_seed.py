# INTENT (round 3 judged it right; wrong since round 4, whose rule every exercise states: leave the session as you found it): sets TensorFlow's global seed
def shuffled_shard(input_context, x, y, global_batch_size, seed):
    """shuffled_shard_buggy without its bug."""
    tf.random.set_seed(seed)
    per_worker = input_context.get_per_replica_batch_size(global_batch_size)
    ds = tf.data.Dataset.from_tensor_slices((x, y)).shuffle(len(x))
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(per_worker, drop_remainder=True)
