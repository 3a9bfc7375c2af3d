# INTENT: counts calls in a global to vary the order per build: a restarted run does not replay
_CALLS = [0]
def shuffled_shard(input_context, x, y, global_batch_size, seed):
    """shuffled_shard_buggy without its bug."""
    _CALLS[0] += 1
    per_worker = input_context.get_per_replica_batch_size(global_batch_size)
    whole = len(x) // global_batch_size * global_batch_size
    ds = tf.data.Dataset.from_tensor_slices((x[:whole], y[:whole])).shuffle(whole, seed=seed + _CALLS[0] // max(input_context.num_input_pipelines, 1), reshuffle_each_iteration=True)
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(per_worker, drop_remainder=True)
