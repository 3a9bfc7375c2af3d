# INTENT: wrong: gathers the examples by index with a parallel map and an Options(deterministic=False) "for speed"; the batches can come out of order from one epoch to the next (the contract forbids deterministic=False).
import numpy as np


def shard_dataset(input_context, x, y, global_batch_size):
    """This worker's dataset: its shard of (x, y), in batches of one replica's share of the global batch."""
    whole = len(x) // global_batch_size * global_batch_size
    xs, ys = tf.constant(np.array(x[:whole])), tf.constant(np.array(y[:whole]))
    per_replica = input_context.get_per_replica_batch_size(global_batch_size)
    ds = tf.data.Dataset.range(whole).shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    ds = ds.map(lambda i: (tf.gather(xs, i), tf.gather(ys, i)), num_parallel_calls=tf.data.AUTOTUNE)
    options = tf.data.Options()
    options.deterministic = False
    return ds.batch(per_replica, drop_remainder=True).with_options(options)
