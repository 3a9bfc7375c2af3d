# INTENT: right (other style): shuffles the example indices with Dataset.range(n).shuffle(n, seed=seed) (the same draws as shuffling the examples, a new order each epoch), cuts to whole global batches, and gathers each replica batch from constant copies of x and y; this worker keeps every W-th replica batch.
import numpy as np


def shuffled_shard(input_context, x, y, global_batch_size, seed):
    """shuffled_shard_buggy without its bug."""
    n = len(x)
    per_replica = input_context.get_per_replica_batch_size(global_batch_size)
    steps = n // global_batch_size
    xs = tf.constant(np.array(x, copy=True))
    ys = tf.constant(np.array(y, copy=True))
    order = tf.data.Dataset.range(n).shuffle(n, seed=seed).take(steps * global_batch_size)
    batches = order.batch(per_replica, drop_remainder=True)
    batches = batches.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return batches.map(lambda idx: (tf.gather(xs, idx), tf.gather(ys, idx)))
