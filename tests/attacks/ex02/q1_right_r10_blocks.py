import numpy as np


def shard_dataset(input_context, x, y, global_batch_size):
    """This worker's dataset: its shard of (x, y), in batches of one replica's share of the global batch."""
    workers = input_context.num_input_pipelines
    wid = input_context.input_pipeline_id
    per_replica = input_context.get_per_replica_batch_size(global_batch_size)
    per_worker = global_batch_size // workers
    steps = len(x) // global_batch_size
    # worker wid takes the contiguous slice [wid*per_worker, (wid+1)*per_worker) of every global batch
    idx = np.concatenate([np.arange(k * global_batch_size + wid * per_worker,
                                    k * global_batch_size + (wid + 1) * per_worker) for k in range(steps)]) \
        if steps else np.zeros((0,), dtype=np.int64)
    xs, ys = np.array(x)[idx], np.array(y)[idx]
    ds = tf.data.Dataset.from_tensor_slices((xs, ys)).batch(per_replica, drop_remainder=True)
    options = tf.data.Options()
    options.experimental_distribute.auto_shard_policy = tf.data.experimental.AutoShardPolicy.OFF
    return ds.with_options(options)
