# INTENT: multiplies the loss by the scale read once before training (a float), not the optimizer's current scale as it changes
def train_with_policy(policy_name, x, y, steps, seed):
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    opt = precision.optimizer(policy_name)
    scaled = precision.is_loss_scaled(opt)
    if scaled:
        opt.build(model.trainable_variables)
        scale = float(opt.dynamic_scale.numpy())
    loss_fn = training.per_example_loss()
    losses = []
    for _ in range(steps):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(loss_fn(y, model(x)))
            target = loss * scale if scaled else loss
        opt.apply_gradients(zip(tape.gradient(target, model.trainable_variables), model.trainable_variables))
        losses.append(float(loss))
    return losses
