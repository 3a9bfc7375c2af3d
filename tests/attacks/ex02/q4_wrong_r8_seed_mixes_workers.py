# INTENT: seeds the shuffle with seed + num_workers ('one stream per cluster shape'): the order does not follow from seed alone; a restart on another number of workers sees other batches
import numpy as np

def shuffled_shard(input_context, x, y, global_batch_size, seed):
    """shuffled_shard_buggy without its bug."""
    per = input_context.get_per_replica_batch_size(global_batch_size)
    whole = len(x) // global_batch_size * global_batch_size
    rng = np.random.default_rng(seed + input_context.num_input_pipelines)
    order = rng.permutation(len(x))[:whole]
    ds = tf.data.Dataset.from_tensor_slices((x[order], y[order]))
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(per, drop_remainder=True)
