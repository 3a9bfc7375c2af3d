# INTENT: (the writer: wrong; ruled outside in round 13: no valid input changes, the values stay) clamps the caller's labels in place to be >= 0 (np.maximum(y, 0, out=y)): changes y given negative labels
import numpy as np
def shard_dataset(input_context, x, y, global_batch_size):
    np.maximum(y, 0, out=y)
    n = len(x) // global_batch_size * global_batch_size
    per_replica = input_context.get_per_replica_batch_size(global_batch_size)
    ds = tf.data.Dataset.from_tensor_slices((tf.constant(x[:n]), tf.constant(y[:n])))
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(per_replica, drop_remainder=True)
