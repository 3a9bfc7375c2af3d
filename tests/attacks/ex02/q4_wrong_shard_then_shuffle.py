# INTENT: correct, different order: cut to whole global batches, shard first, then each worker shuffles its own disjoint shard with a seed derived from (seed, worker) - every example still once per epoch, replayable.
def shuffled_shard(input_context, x, y, global_batch_size, seed):
    """shuffled_shard_buggy without its bug."""
    n = (len(x) // global_batch_size) * global_batch_size
    workers, me = input_context.num_input_pipelines, input_context.input_pipeline_id
    per_worker = global_batch_size // workers
    ds = tf.data.Dataset.from_tensor_slices((x[:n], y[:n])).shard(workers, me)
    ds = ds.shuffle(n // workers, seed=seed * 1009 + me)
    return ds.batch(per_worker, drop_remainder=True)
