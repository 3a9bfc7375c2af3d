# INTENT: wrong: sets the global policy for the run and puts it back only on the normal path (no try/finally) - any exception inside (bad batch, interrupt) leaves the session in policy_name.
def train_with_policy(policy_name, x, y, steps, seed):
    previous = keras.mixed_precision.global_policy().name
    keras.mixed_precision.set_global_policy(policy_name)
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    opt = precision.optimizer(policy_name)
    loss_fn = training.per_example_loss()
    losses = []
    for _ in range(steps):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(loss_fn(y, model(x, training=True)))
            target = opt.scale_loss(loss) if precision.is_loss_scaled(opt) else loss
        grads = tape.gradient(target, model.trainable_variables)
        opt.apply_gradients(zip(grads, model.trainable_variables))
        losses.append(float(loss))
    keras.mixed_precision.set_global_policy(previous)
    return losses
