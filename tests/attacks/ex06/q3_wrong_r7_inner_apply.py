# INTENT: scales the loss with the LSO but unscales by hand and steps the inner SGD: the LossScaleOptimizer itself never steps (no skipping, no growth).
def train_with_policy(policy_name, x, y, steps, seed):
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    opt = precision.optimizer(policy_name, keras.optimizers.SGD(0.1))
    scaled_opt = precision.is_loss_scaled(opt)
    stepper = opt.inner_optimizer if scaled_opt else opt
    loss_fn = training.per_example_loss()
    losses = []
    for _ in range(steps):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(loss_fn(y, model(x, training=True)))
            target = opt.scale_loss(loss) if scaled_opt else loss
        grads = tape.gradient(target, model.trainable_variables)
        if scaled_opt:
            s = tf.cast(opt.scale_loss(tf.constant(1.0)), tf.float32)
            grads = [g / s for g in grads]
        stepper.apply_gradients(zip(grads, model.trainable_variables))
        losses.append(float(loss))
    return losses
