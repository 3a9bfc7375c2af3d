# INTENT: wrong: labels turned into int64 via np.asarray(..., dtype=np.int64) (dtype not as given when y is int32)
import numpy as np
def shard_dataset(input_context, x, y, global_batch_size):
    n = len(x) // global_batch_size * global_batch_size
    per_replica = input_context.get_per_replica_batch_size(global_batch_size)
    ds = tf.data.Dataset.from_tensor_slices((np.array(x[:n]), np.asarray(y[:n], dtype=np.int64)))
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(per_replica, drop_remainder=True)
