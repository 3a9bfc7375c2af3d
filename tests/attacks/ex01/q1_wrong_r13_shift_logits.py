# INTENT: wrong: subtracts each row's max logit "for numerical stability" before loss_fn; loss_fn must get the model's logits as they are (differs for a loss not invariant to a shift)
def compute_loss(model, x, y, global_batch_size):
    logits = model(x, training=True)
    logits = logits - tf.stop_gradient(tf.reduce_max(logits, axis=-1, keepdims=True))
    per_example = loss_fn(y, logits)
    return tf.reduce_sum(per_example) / global_batch_size
