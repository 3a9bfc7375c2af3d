# INTENT: wrong: datasets memoised by an order-insensitive checksum (shape, sums, last example): the same examples in another order get the earlier call's dataset
import numpy as np
_built = {}
def shard_dataset(input_context, x, y, global_batch_size):
    key = (x.shape, y.shape, str(x.dtype), str(y.dtype), float(np.sum(x)), float(np.sum(y)), np.asarray(x[-1]).tobytes(),
           global_batch_size, input_context.num_input_pipelines, input_context.input_pipeline_id,
           input_context.num_replicas_in_sync)
    if key not in _built:
        n = len(x) // global_batch_size * global_batch_size
        per_replica = input_context.get_per_replica_batch_size(global_batch_size)
        ds = tf.data.Dataset.from_tensor_slices((tf.constant(x[:n]), tf.constant(y[:n])))
        ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
        _built[key] = ds.batch(per_replica, drop_remainder=True)
    return _built[key]
