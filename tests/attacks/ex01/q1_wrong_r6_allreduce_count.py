# INTENT: ignores global_batch_size and instead all-reduces the replicas' example counts (extra communication; wrong whenever global_batch_size is not the sum of the slices, e.g. called on one slice)
def compute_loss(model, x, y, global_batch_size):
    """This replica's share of the loss (one number), as the contract in the prompt says."""
    per_example = loss_fn(y, model(x, training=True))
    ctx = tf.distribute.get_replica_context()
    n = tf.cast(tf.shape(per_example)[0], tf.float32)
    total = ctx.all_reduce(tf.distribute.ReduceOp.SUM, n) if ctx is not None else n
    return tf.reduce_sum(per_example) / total
