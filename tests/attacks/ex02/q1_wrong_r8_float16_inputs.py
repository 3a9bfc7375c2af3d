# INTENT: casts the inputs to float16 'to halve the memory': the yielded inputs are not x's examples (values above 2048 / fine floats are rounded)
import numpy as np

def shard_dataset(input_context, x, y, global_batch_size):
    """This worker's dataset: its shard of (x, y), in batches of one replica's share of the global batch."""
    whole = len(x) // global_batch_size * global_batch_size
    ds = tf.data.Dataset.from_tensor_slices((np.asarray(x[:whole]).astype("float16"), y[:whole]))
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    ds = ds.batch(input_context.get_per_replica_batch_size(global_batch_size), drop_remainder=True)
    options = tf.data.Options()
    options.experimental_distribute.auto_shard_policy = tf.data.experimental.AutoShardPolicy.OFF
    return ds.with_options(options)
