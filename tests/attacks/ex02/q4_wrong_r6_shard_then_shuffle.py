# INTENT: shards first, then each worker shuffles its own shard with the shared seed. No example is lost or repeated and the order replays, but examples never move between workers and, with equal shard sizes, every worker applies the same permutation: examples W*j..W*j+W-1 always land in the same step. Not the full shuffle of the data the prompt asks for.
def shuffled_shard(input_context, x, y, global_batch_size, seed):
    """shuffled_shard_buggy without its bug."""
    per_worker = input_context.get_per_replica_batch_size(global_batch_size)
    whole = len(x) // global_batch_size * global_batch_size
    ds = tf.data.Dataset.from_tensor_slices((x[:whole], y[:whole]))
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    ds = ds.shuffle(whole // input_context.num_input_pipelines, seed=seed)
    return ds.batch(per_worker, drop_remainder=True)
