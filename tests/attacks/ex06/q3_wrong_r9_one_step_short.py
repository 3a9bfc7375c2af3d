# INTENT: does only steps-1 updates: logs the first loss, then after each update re-evaluates; the returned losses equal the right ones but the last step never trains
def train_with_policy(policy_name, x, y, steps, seed):
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    opt = precision.optimizer(policy_name)
    scaled = precision.is_loss_scaled(opt)
    loss_fn = training.per_example_loss()
    losses = [float(tf.reduce_mean(loss_fn(y, model(x))))]
    for _ in range(steps - 1):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(loss_fn(y, model(x)))
            target = opt.scale_loss(loss) if scaled else loss
        opt.apply_gradients(zip(tape.gradient(target, model.trainable_variables), model.trainable_variables))
        losses.append(float(tf.reduce_mean(loss_fn(y, model(x)))))
    return losses
