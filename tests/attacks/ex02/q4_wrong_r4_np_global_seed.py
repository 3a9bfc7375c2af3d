# INTENT: seeds numpy's global RNG (changes global state) to draw the permutation
def shuffled_shard(input_context, x, y, global_batch_size, seed):
    """shuffled_shard_buggy without its bug."""
    import numpy as np
    np.random.seed(seed)
    per_worker = input_context.get_per_replica_batch_size(global_batch_size)
    whole = len(x) // global_batch_size * global_batch_size
    perm = np.random.permutation(len(x))[:whole]
    ds = tf.data.Dataset.from_tensor_slices((x[perm], y[perm]))
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(per_worker, drop_remainder=True)
