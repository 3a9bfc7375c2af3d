# INTENT: wrong: one fixed permutation from seed, rotated by the left-over count each epoch: not a new full shuffle (the same neighbours train together every epoch)
import numpy as np
def shuffled_shard(input_context, x, y, global_batch_size, seed):
    n = len(x)
    cut = n // global_batch_size * global_batch_size
    perm = tf.constant(np.random.default_rng(seed).permutation(n))
    xs, ys = tf.constant(x), tf.constant(y)
    b = input_context.get_per_replica_batch_size(global_batch_size)
    ep = tf.Variable(0, dtype=tf.int64, trainable=False)
    step = max(n - cut, 1) if n > cut else 7
    start = tf.data.Dataset.range(1).map(lambda _: ep.assign_add(1))
    idx = start.flat_map(lambda e: tf.data.Dataset.from_tensor_slices(tf.roll(perm, shift=tf.cast(e * step % n, tf.int32), axis=0)[:cut]))
    idx = idx.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return idx.batch(b, drop_remainder=True).map(lambda i: (tf.gather(xs, i), tf.gather(ys, i)))
