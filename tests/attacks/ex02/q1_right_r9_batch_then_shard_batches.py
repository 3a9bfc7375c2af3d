def shard_dataset(input_context, x, y, global_batch_size):
    """This worker's dataset: its shard of (x, y), in batches of one replica's share of the global batch."""
    per_replica = input_context.get_per_replica_batch_size(global_batch_size)
    steps = len(x) // global_batch_size
    idx = tf.data.Dataset.range(steps * global_batch_size)
    # per-replica batches in file order; batch j goes to pipeline j % W, so step k of all
    # pipelines together covers batches [k*R, (k+1)*R) = global batch k
    idx = idx.batch(per_replica, drop_remainder=True)
    idx = idx.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    xs, ys = tf.constant(x), tf.constant(y)
    return idx.map(lambda i: (tf.gather(xs, i), tf.gather(ys, i)))
