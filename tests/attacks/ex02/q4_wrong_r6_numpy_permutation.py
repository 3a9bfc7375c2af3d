def shuffled_shard(input_context, x, y, global_batch_size, seed):
    """shuffled_shard_buggy without its bug."""
    import numpy as np
    order = np.random.default_rng(seed).permutation(len(x))       # a local generator: same on every worker
    whole = len(x) // global_batch_size * global_batch_size
    order = order[:whole]
    ds = tf.data.Dataset.from_tensor_slices((x[order], y[order]))  # fancy indexing copies
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(input_context.get_per_replica_batch_size(global_batch_size), drop_remainder=True)
