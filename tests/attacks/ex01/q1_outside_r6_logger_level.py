# INTENT (outside: gpukit already sets TensorFlow's logger to ERROR on import, so the session is left as found): silences TensorFlow's logger inside compute_loss (tf.get_logger().setLevel("ERROR")) to hide retracing warnings: a session-wide setting left changed
def compute_loss(model, x, y, global_batch_size):
    """This replica's share of the loss (one number), as the contract in the prompt says."""
    tf.get_logger().setLevel("ERROR")
    per_example = loss_fn(y, model(x, training=True))
    return tf.reduce_sum(per_example) / global_batch_size
