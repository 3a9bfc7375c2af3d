def train_with_policy(policy_name, x, y, steps, seed):
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    opt = precision.optimizer(policy_name)
    scaled = precision.is_loss_scaled(opt)
    loss_fn = training.per_example_loss()

    @tf.function
    def step():
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(loss_fn(y, model(x)))
            target = opt.scale_loss(loss) if scaled else loss   # traced before the optimizer is built: multiplies by a constant
        opt.apply_gradients(zip(tape.gradient(target, model.trainable_variables), model.trainable_variables))
        return loss

    return [float(step()) for _ in range(steps)]
