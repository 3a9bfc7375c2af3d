# INTENT: wrong: the shuffle seed also depends on the number of workers (seed * 1000 + num_input_pipelines): the order does not follow "from seed (and the session's global seed) alone"; a run resumed on another number of workers sees other batches
import numpy as _np
def shuffled_shard(input_context, x, y, global_batch_size, seed):
    xs = _np.array(x, copy=True)
    ys = _np.array(y, copy=True)
    n = len(xs)
    per_replica = input_context.get_per_replica_batch_size(global_batch_size)
    ds = tf.data.Dataset.from_tensor_slices((xs, ys))
    ds = ds.shuffle(max(n, 1), seed=seed * 1000 + input_context.num_input_pipelines, reshuffle_each_iteration=True)
    ds = ds.batch(global_batch_size, drop_remainder=True).unbatch()
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(per_replica, drop_remainder=True)
