# INTENT: trains right, but the REPORTED loss is the mean of the per-example losses taken in the compute dtype (16-bit), so each reported loss is 16-bit rounded
def train_with_policy(policy_name, x, y, steps, seed):
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    opt = precision.optimizer(policy_name)
    scaled = precision.is_loss_scaled(opt)
    loss_fn = training.per_example_loss()
    losses = []
    for _ in range(steps):
        with tf.GradientTape() as tape:
            per_ex = loss_fn(y, model(x))
            loss = tf.reduce_mean(per_ex)
            target = opt.scale_loss(loss) if scaled else loss
        opt.apply_gradients(zip(tape.gradient(target, model.trainable_variables), model.trainable_variables))
        report = tf.reduce_mean(tf.cast(per_ex, model.compute_dtype))
        losses.append(float(tf.cast(report, tf.float64)))
    return losses
