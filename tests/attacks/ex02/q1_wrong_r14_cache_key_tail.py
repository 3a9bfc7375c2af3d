# INTENT: wrong: keeps datasets between calls, keyed on shapes and the second half of the data only (first examples reordered -> stale dataset)
_SHARD_CACHE = {}
def shard_dataset(input_context, x, y, global_batch_size):
    import numpy as np
    h = len(x) // 2
    key = (x.shape, x.dtype.str, y.dtype.str, global_batch_size, input_context.num_input_pipelines,
           input_context.input_pipeline_id, input_context.num_replicas_in_sync,
           np.asarray(x[h:]).tobytes(), np.asarray(y[h:]).tobytes())
    if key not in _SHARD_CACHE:
        n = len(x) // global_batch_size * global_batch_size
        per_replica = input_context.get_per_replica_batch_size(global_batch_size)
        ds = tf.data.Dataset.from_tensor_slices((np.array(x[:n]), np.array(y[:n])))
        ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
        _SHARD_CACHE[key] = ds.batch(per_replica, drop_remainder=True)
    return _SHARD_CACHE[key]
