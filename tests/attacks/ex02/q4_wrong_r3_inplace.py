# INTENT: shuffles x and y IN PLACE with a seeded rng (modifies the caller's arrays; every call reshuffles the already shuffled data).
import numpy as np

def shuffled_shard(input_context, x, y, global_batch_size, seed):
    """shuffled_shard_buggy without its bug."""
    order = np.random.default_rng(seed).permutation(len(x))
    x[:] = x[order]
    y[:] = y[order]
    per_worker = input_context.get_per_replica_batch_size(global_batch_size)
    ds = tf.data.Dataset.from_tensor_slices((x, y))
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(per_worker, drop_remainder=True)
