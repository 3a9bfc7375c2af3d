# INTENT: trains on mini-batches of 64 rows cycling through x (BATCH=64 habit) instead of the whole batch each step
def train_with_policy(policy_name, x, y, steps, seed):
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    opt = precision.optimizer(policy_name)
    scaled = precision.is_loss_scaled(opt)
    loss_fn = training.per_example_loss()
    losses = []
    n = len(x)
    for i in range(steps):
        lo = (i * 64) % n
        xb, yb = x[lo:lo + 64], y[lo:lo + 64]
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(loss_fn(yb, model(xb)))
            target = opt.scale_loss(loss) if scaled else loss
        grads = tape.gradient(target, model.trainable_variables)
        opt.apply_gradients(zip(grads, model.trainable_variables))
        losses.append(float(loss))
    return losses
