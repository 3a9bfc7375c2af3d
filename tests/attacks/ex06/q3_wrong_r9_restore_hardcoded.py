# INTENT: sets the global policy for the run and resets it to 'float32' afterwards (hard-coded, not the previous policy; no try/finally)
def train_with_policy(policy_name, x, y, steps, seed):
    keras.mixed_precision.set_global_policy(policy_name)
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    opt = precision.optimizer(policy_name)
    scaled = precision.is_loss_scaled(opt)
    loss_fn = training.per_example_loss()
    losses = []
    for _ in range(steps):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(loss_fn(y, model(x)))
            target = opt.scale_loss(loss) if scaled else loss
        opt.apply_gradients(zip(tape.gradient(target, model.trainable_variables), model.trainable_variables))
        losses.append(float(loss))
    keras.mixed_precision.set_global_policy("float32")
    return losses
