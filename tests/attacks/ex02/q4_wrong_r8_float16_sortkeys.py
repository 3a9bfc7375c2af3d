# INTENT: orders the examples by float16 random keys (argsort): many ties keep file order among them, so not a uniform full shuffle; also sorts only the whole-batch prefix keys
import numpy as np

def shuffled_shard(input_context, x, y, global_batch_size, seed):
    """shuffled_shard_buggy without its bug."""
    per = input_context.get_per_replica_batch_size(global_batch_size)
    whole = len(x) // global_batch_size * global_batch_size
    keys = np.random.default_rng(seed).random(len(x)).astype(np.float16)
    order = np.argsort(keys, kind="stable")[:whole]
    ds = tf.data.Dataset.from_tensor_slices((x[order], y[order]))
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(per, drop_remainder=True)
