# INTENT: wrong: per-example losses clipped from below at -3e38 with tf.maximum (a "safety" clip no test value reaches; prompt: no clipping, every loss counts as it is): a NaN loss's gradient becomes 0
def compute_loss(model, x, y, global_batch_size):
    per_example = loss_fn(y, model(x, training=True))
    per_example = tf.maximum(per_example, -3e38)
    return tf.reduce_sum(per_example) / global_batch_size
