# INTENT: wrong: only two orders ever (one numpy permutation or its reverse, picked per epoch): not a new full shuffle each epoch
import numpy as np
def shuffled_shard(input_context, x, y, global_batch_size, seed):
    n = len(x)
    cut = n // global_batch_size * global_batch_size
    perm = np.random.default_rng(seed).permutation(n)
    perms = tf.constant(np.stack([perm, perm[::-1]]))
    xs, ys = tf.constant(x), tf.constant(y)
    b = input_context.get_per_replica_batch_size(global_batch_size)
    which = tf.data.Dataset.range(2).shuffle(2, seed=seed).take(1)
    idx = which.flat_map(lambda k: tf.data.Dataset.from_tensor_slices(perms[k][:cut]))
    idx = idx.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return idx.batch(b, drop_remainder=True).map(lambda i: (tf.gather(xs, i), tf.gather(ys, i)))
