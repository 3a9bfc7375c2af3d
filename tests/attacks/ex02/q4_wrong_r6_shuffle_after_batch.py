# INTENT: the classic "shuffle after batch": each worker shards, batches, then shuffles its batches with the shared seed. All workers permute their batch indices the same way, so each step is still one global batch and the order replays, but the global batches are the file-order blocks [k*GB,(k+1)*GB) in a new order: not the full shuffle of the data the prompt asks for.
def shuffled_shard(input_context, x, y, global_batch_size, seed):
    """shuffled_shard_buggy without its bug."""
    per_worker = input_context.get_per_replica_batch_size(global_batch_size)
    whole = len(x) // global_batch_size * global_batch_size
    ds = tf.data.Dataset.from_tensor_slices((x[:whole], y[:whole]))
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    ds = ds.batch(per_worker, drop_remainder=True)
    return ds.shuffle(whole // global_batch_size, seed=seed)     # same seed: same batch order everywhere
