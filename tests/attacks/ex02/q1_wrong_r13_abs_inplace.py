# INTENT: wrong: np.abs(x, out=x) "sanitises" the caller's array in place (changes x whenever it holds a negative value)
import numpy as np
def shard_dataset(input_context, x, y, global_batch_size):
    np.abs(x, out=x)
    n = len(x) // global_batch_size * global_batch_size
    per_replica = input_context.get_per_replica_batch_size(global_batch_size)
    ds = tf.data.Dataset.from_tensor_slices((tf.constant(x[:n]), tf.constant(y[:n])))
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(per_replica, drop_remainder=True)
