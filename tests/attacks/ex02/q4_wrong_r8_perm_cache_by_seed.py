# INTENT: caches the permutation per seed between calls (so all workers share it): a later call with the same seed and other data uses the old permutation (wrong length / stale)
import numpy as np
_ORDERS = {}

def shuffled_shard(input_context, x, y, global_batch_size, seed):
    """shuffled_shard_buggy without its bug."""
    per = input_context.get_per_replica_batch_size(global_batch_size)
    whole = len(x) // global_batch_size * global_batch_size
    if seed not in _ORDERS:
        _ORDERS[seed] = np.random.default_rng(seed).permutation(len(x))
    order = _ORDERS[seed]
    order = order[order < len(x)][:whole]
    ds = tf.data.Dataset.from_tensor_slices((x[order], y[order]))
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(per, drop_remainder=True)
