# INTENT: wrong: inputs copied with x + 0 (a -0.0 becomes +0.0): the examples are not the inputs as given (question 1's contract, which q4 keeps)
import numpy as _np
def shuffled_shard(input_context, x, y, global_batch_size, seed):
    xs = x + x.dtype.type(0)
    ys = _np.array(y, copy=True)
    n = len(xs)
    per_replica = input_context.get_per_replica_batch_size(global_batch_size)
    ds = tf.data.Dataset.from_tensor_slices((xs, ys))
    ds = ds.shuffle(max(n, 1), seed=seed, reshuffle_each_iteration=True)
    ds = ds.batch(global_batch_size, drop_remainder=True).unbatch()
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(per_replica, drop_remainder=True)
