# INTENT: averages the per-example losses after casting them to the compute dtype (a 16-bit mean), then back to float32: the loss is rounded
def train_with_policy(policy_name, x, y, steps, seed):
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    opt = precision.optimizer(policy_name)
    scaled = precision.is_loss_scaled(opt)
    loss_fn = training.per_example_loss()
    losses = []
    for _ in range(steps):
        with tf.GradientTape() as tape:
            per_ex = tf.cast(loss_fn(y, model(x)), model.compute_dtype)
            loss = tf.cast(tf.reduce_mean(per_ex), tf.float32)
            target = opt.scale_loss(loss) if scaled else loss
        opt.apply_gradients(zip(tape.gradient(target, model.trainable_variables), model.trainable_variables))
        losses.append(float(loss))
    return losses
