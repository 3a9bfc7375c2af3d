# INTENT: shuffles the order of the global batches and the examples inside each, but no example ever leaves its file global batch: not a full shuffle
import numpy as np

def shuffled_shard(input_context, x, y, global_batch_size, seed):
    """shuffled_shard_buggy without its bug."""
    per = input_context.get_per_replica_batch_size(global_batch_size)
    steps = len(x) // global_batch_size
    rng = np.random.default_rng(seed)
    blocks = rng.permutation(steps)
    order = np.concatenate([b * global_batch_size + rng.permutation(global_batch_size) for b in blocks]) if steps else np.zeros(0, int)
    ds = tf.data.Dataset.from_tensor_slices((x[order], y[order]))
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(per, drop_remainder=True)
