# INTENT: wrong: divisor rounded down to a multiple of 2 (gbs // 2 * 2): an odd global batch size is not the one given
def compute_loss(model, x, y, global_batch_size):
    per_example = loss_fn(y, model(x, training=True))
    return tf.reduce_sum(per_example) / float(max(global_batch_size // 2 * 2, 1))
