# INTENT: changes global state: sets the keras dtype policy to float32 explicitly and the global seed each call
def compute_loss(model, x, y, global_batch_size):
    """This replica's share of the loss (one number), as the contract in the prompt says."""
    keras.mixed_precision.set_global_policy('mixed_float16')
    tf.random.set_seed(0)
    per_example = loss_fn(y, model(x, training=True))
    return tf.nn.compute_average_loss(per_example, global_batch_size=global_batch_size)
