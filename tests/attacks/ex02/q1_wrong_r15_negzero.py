# INTENT: wrong: "normalizes" the caller's x in place with x += 0.0 (turns -0.0 into +0.0), the arrays given must be left unchanged
import numpy as np
def shard_dataset(input_context, x, y, global_batch_size):
    if np.issubdtype(np.asarray(x).dtype, np.floating):
        x += 0.0
    whole = len(x) // global_batch_size * global_batch_size
    per_replica = input_context.get_per_replica_batch_size(global_batch_size)
    ds = tf.data.Dataset.from_tensor_slices((np.array(x[:whole]), np.array(y[:whole])))
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    ds = ds.batch(per_replica, drop_remainder=True)
    opts = tf.data.Options()
    opts.experimental_distribute.auto_shard_policy = tf.data.experimental.AutoShardPolicy.OFF
    return ds.with_options(opts)
