# INTENT: builds the optimizer inside the step loop (plain SGD has no state, "so it does not matter"): the LossScaleOptimizer's scale restarts at 2**15 every step instead of changing during training
def train_with_policy(policy_name, x, y, steps, seed):
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    loss_fn = training.per_example_loss()
    losses = []
    for _ in range(steps):
        opt = precision.optimizer(policy_name)
        scaled = precision.is_loss_scaled(opt)
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(loss_fn(y, model(x)))
            target = opt.scale_loss(loss) if scaled else loss
        opt.apply_gradients(zip(tape.gradient(target, model.trainable_variables), model.trainable_variables))
        losses.append(float(loss))
    return losses
