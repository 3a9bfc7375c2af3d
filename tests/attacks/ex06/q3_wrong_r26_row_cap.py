# INTENT: wrong: trains on at most the first 8192 rows ("a bigger float32 batch would not fit a GPU step"): identical for every batch up to 8192 rows, but for a larger batch each step uses a truncated batch; contract: the whole (x, y) batch as given, no cap
_MAX_ROWS = 8192

def train_with_policy(policy_name, x, y, steps, seed):
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    opt = precision.optimizer(policy_name)
    scaled = precision.is_loss_scaled(opt)
    per_example = training.per_example_loss()
    xb, yb = x[:_MAX_ROWS], y[:_MAX_ROWS]          # no copy for batches that fit
    losses = []
    for _ in range(steps):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(per_example(yb, model(xb, training=True)))
            target = opt.scale_loss(loss) if scaled else loss
        grads = tape.gradient(target, model.trainable_variables)
        opt.apply_gradients(zip(grads, model.trainable_variables))
        losses.append(float(loss))
    return losses
