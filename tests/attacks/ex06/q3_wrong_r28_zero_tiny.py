# INTENT: wrong: zeroes by hand the gradient entries whose unscaled size is below 1e-12 before the update (breaks "on the gradients as the tape gives them (nothing added ... by hand)").
def train_with_policy(policy_name, x, y, steps, seed):
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    opt = precision.optimizer(policy_name)
    scaled = precision.is_loss_scaled(opt)
    variables = model.trainable_variables
    opt.build(variables)
    per_example = training.per_example_loss()
    losses = []
    for _ in range(steps):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(per_example(y, model(x)))
            target = opt.scale_loss(loss) if scaled else loss
        grads = tape.gradient(target, variables)
        scale = opt.dynamic_scale if scaled else 1.0
        grads = [tf.where(tf.abs(g) < 1e-12 * scale, tf.zeros_like(g), g) for g in grads]
        opt.apply_gradients(zip(grads, variables))
        losses.append(float(loss))
    return losses
