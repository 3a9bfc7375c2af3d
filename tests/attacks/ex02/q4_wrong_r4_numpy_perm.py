# INTENT: correct: one fixed permutation from a local numpy Generator (same order every epoch is allowed)
def shuffled_shard(input_context, x, y, global_batch_size, seed):
    """shuffled_shard_buggy without its bug."""
    import numpy as np
    per_worker = input_context.get_per_replica_batch_size(global_batch_size)
    whole = len(x) // global_batch_size * global_batch_size
    perm = np.random.default_rng(seed).permutation(len(x))[:whole]
    ds = tf.data.Dataset.from_tensor_slices((x[perm], y[perm]))
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(per_worker, drop_remainder=True)
