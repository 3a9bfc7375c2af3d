# INTENT: wrong: the per-epoch permutation is seeded with (seed, epoch % 4): the orders repeat every 4 epochs (prompt: a new order drawn every epoch, as Dataset.shuffle does, not an earlier epoch's)
import hashlib
import numpy as np
def shuffled_shard(input_context, x, y, global_batch_size, seed):
    xs, ys = np.array(x, copy=True), np.array(y, copy=True)
    n = len(xs)
    whole = n // global_batch_size * global_batch_size
    per_replica = input_context.get_per_replica_batch_size(global_batch_size)
    digest = hashlib.sha256(str(int(seed)).encode()).digest()
    s0 = int.from_bytes(digest[:8], "little") % (2 ** 63)
    xt, yt = tf.constant(xs), tf.constant(ys)
    epoch = tf.Variable(0, dtype=tf.int64, trainable=False)

    def one_epoch(_):
        e = epoch.assign_add(1)
        order = tf.random.experimental.stateless_shuffle(
            tf.range(n, dtype=tf.int64), seed=tf.stack([tf.constant(s0, tf.int64), e % 4]))
        ids = tf.data.Dataset.from_tensor_slices(order[:whole])
        ids = ids.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
        return ids.batch(per_replica, drop_remainder=True)

    ds = tf.data.Dataset.from_tensors(0).flat_map(one_epoch)
    ds = ds.map(lambda idx: (tf.gather(xt, idx), tf.gather(yt, idx)))
    opts = tf.data.Options()
    opts.experimental_distribute.auto_shard_policy = tf.data.experimental.AutoShardPolicy.OFF
    return ds.with_options(opts)
