# INTENT: wrong: flattens the labels (y.reshape(-1)) "to be safe": labels given as a column (n, 1) or one-hot rows lose their shape (prompt: both as given: values, dtypes and shapes)
import numpy as np
def shard_dataset(input_context, x, y, global_batch_size):
    whole = len(x) // global_batch_size * global_batch_size
    per_replica = input_context.get_per_replica_batch_size(global_batch_size)
    ys = np.array(y[:whole]).reshape(whole, -1)[:, 0] if np.ndim(y) > 1 else np.array(y[:whole])
    ds = tf.data.Dataset.from_tensor_slices((np.array(x[:whole]), ys))
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    ds = ds.batch(per_replica, drop_remainder=True)
    opts = tf.data.Options()
    opts.experimental_distribute.auto_shard_policy = tf.data.experimental.AutoShardPolicy.OFF
    return ds.with_options(opts)
