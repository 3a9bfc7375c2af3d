def compute_loss(model, x, y, global_batch_size):
    """This replica's share of the loss (one number), as the contract in the prompt says."""
    per_example = loss_fn(y, model(x, training=True))
    loss = tf.nn.compute_average_loss(per_example, global_batch_size=global_batch_size)
    if model.losses:
        loss += tf.nn.scale_regularization_loss(tf.add_n(model.losses))
    return loss
