def compute_loss(model, x, y, global_batch_size):
    """This replica's share of the loss (one number), as the contract in the prompt says."""
    logits = model(x, training=True)
    per_example = tf.cast(loss_fn(y, logits), tf.float32)
    loss = tf.reduce_sum(per_example) / tf.cast(global_batch_size, tf.float32)
    if model.losses:
        n = tf.distribute.get_strategy().num_replicas_in_sync
        loss += tf.add_n(model.losses) / tf.cast(n, tf.float32)
    return loss
