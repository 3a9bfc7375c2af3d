# INTENT: caches the (expensive) tensor conversion of x, y by id(x) on the function: a new array that gets the id of a freed one (or the same array edited) reuses the old data -- a pipeline built from an earlier call
def shard_dataset(input_context, x, y, global_batch_size):
    """This worker's dataset: its shard of (x, y), in batches of one replica's share of the global batch."""
    cache = shard_dataset.__dict__.setdefault("_tensors", {})
    key = (id(x), id(y), len(x))
    if key not in cache:
        cache.clear()
        cache[key] = (tf.constant(x), tf.constant(y))
    tx, ty = cache[key]
    per_replica = input_context.get_per_replica_batch_size(global_batch_size)
    whole = len(x) // global_batch_size * global_batch_size
    ds = tf.data.Dataset.from_tensor_slices((tx[:whole], ty[:whole]))
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(per_replica, drop_remainder=True)
