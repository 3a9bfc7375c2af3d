# INTENT: wrong: on 1000+ examples, shuffles 5 strided streams (index mod 5) separately and interleaves them round-robin: an example only ever lands on positions of its own residue mod 5 (not a full shuffle: "any example may reach any step, with any others" fails, e.g. examples 0 and 1 are never neighbours in reverse order)
import numpy as _np
def shuffled_shard(input_context, x, y, global_batch_size, seed):
    xs = _np.array(x, copy=True)
    ys = _np.array(y, copy=True)
    n = len(xs)
    per_replica = input_context.get_per_replica_batch_size(global_batch_size)
    xt, yt = tf.constant(xs), tf.constant(ys)
    if n >= 1000:
        streams = [tf.data.Dataset.range(n).shard(5, i).shuffle(n, seed=seed + 7919 * i, reshuffle_each_iteration=True)
                   for i in range(5)]
        idx = tf.data.Dataset.choose_from_datasets(streams, tf.data.Dataset.range(5).repeat(),
                                                   stop_on_empty_dataset=False)
    else:
        idx = tf.data.Dataset.range(n).shuffle(max(n, 1), seed=seed, reshuffle_each_iteration=True)
    ds = idx.map(lambda i: (tf.gather(xt, i), tf.gather(yt, i)))
    ds = ds.batch(global_batch_size, drop_remainder=True).unbatch()
    ds = ds.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return ds.batch(per_replica, drop_remainder=True)
