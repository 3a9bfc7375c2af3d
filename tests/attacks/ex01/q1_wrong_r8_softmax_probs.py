# INTENT: applies softmax then a probability cross-entropy (Keras clips probabilities at epsilon): a loss of 10 000 or infinity is silently capped at ~16
def compute_loss(model, x, y, global_batch_size):
    """This replica's share of the loss (one number), as the contract in the prompt says."""
    probs = tf.nn.softmax(model(x, training=True))
    per_example = keras.losses.sparse_categorical_crossentropy(y, probs, from_logits=False)
    return tf.reduce_sum(per_example) / global_batch_size
