# INTENT: wrong: dataset cached between calls keyed on the bytes of x only (y rewritten or reordered alone -> stale labels)
_CACHE = {}
def shard_dataset(input_context, x, y, global_batch_size):
    import numpy as np
    key = (np.asarray(x).tobytes(), x.shape, global_batch_size, input_context.num_input_pipelines,
           input_context.input_pipeline_id, input_context.num_replicas_in_sync)
    if key not in _CACHE:
        n = len(x) // global_batch_size * global_batch_size
        per_replica = input_context.get_per_replica_batch_size(global_batch_size)
        ds = tf.data.Dataset.from_tensor_slices((np.array(x[:n]), np.array(y[:n])))
        ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
        _CACHE[key] = ds.batch(per_replica, drop_remainder=True)
    return _CACHE[key]
