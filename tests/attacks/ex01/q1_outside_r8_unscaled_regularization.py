# INTENT (outside: the prompt says nothing of regularization losses, and its models have none): adds the model's regularization losses unscaled on every replica (N x the regularization after the strategy sums); the contract's gradient is that of the mean per-example loss (one device adds it once)
def compute_loss(model, x, y, global_batch_size):
    """This replica's share of the loss (one number), as the contract in the prompt says."""
    per_example = loss_fn(y, model(x, training=True))
    loss = tf.nn.compute_average_loss(per_example, global_batch_size=global_batch_size)
    if model.losses:
        loss += tf.add_n(model.losses)
    return loss
