# INTENT: unscales by hand and steps the inner SGD: overflowed steps are applied (not skipped) and the scale never moves
def train_with_policy(policy_name, x, y, steps, seed):
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    opt = precision.optimizer(policy_name)
    scaled = precision.is_loss_scaled(opt)
    sgd = opt.inner_optimizer if scaled else opt
    loss_fn = training.per_example_loss()
    losses = []
    for _ in range(steps):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(loss_fn(y, model(x)))
            target = opt.scale_loss(loss) if scaled else loss
        grads = tape.gradient(target, model.trainable_variables)
        if scaled:
            s = opt.scale_loss(tf.constant(1.0))
            grads = [g / s for g in grads]
        sgd.apply_gradients(zip(grads, model.trainable_variables))
        losses.append(float(loss))
    return losses
