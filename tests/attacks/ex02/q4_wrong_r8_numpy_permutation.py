import numpy as np

def shuffled_shard(input_context, x, y, global_batch_size, seed):
    """shuffled_shard_buggy without its bug."""
    per = input_context.get_per_replica_batch_size(global_batch_size)
    whole = len(x) // global_batch_size * global_batch_size
    order = np.random.default_rng(seed).permutation(len(x))[:whole]
    ds = tf.data.Dataset.from_tensor_slices((x[order], y[order]))
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(per, drop_remainder=True)
