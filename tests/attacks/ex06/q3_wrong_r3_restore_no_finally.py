# INTENT: restores the policy at the end but not on an error (no try/finally); also restores to 'float32' rather than the previous policy
def train_with_policy(policy_name, x, y, steps, seed):
    keras.mixed_precision.set_global_policy(policy_name)
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    optimizer = precision.optimizer(policy_name)
    loss_fn = training.per_example_loss()
    losses = []
    for _ in range(steps):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.cast(loss_fn(y, model(x, training=True)), tf.float32))
            target = optimizer.scale_loss(loss) if precision.is_loss_scaled(optimizer) else loss
        optimizer.apply_gradients(zip(tape.gradient(target, model.trainable_variables), model.trainable_variables))
        losses.append(float(loss))
    keras.mixed_precision.set_global_policy("float32")
    return losses
