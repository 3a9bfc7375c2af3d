# INTENT: wrong: warm-starts each mixed_float16 run's LossScaleOptimizer at the scale the previous call ended with, kept in a default argument (breaks "no ... loss scale ... kept between calls").
def train_with_policy(policy_name, x, y, steps, seed, _last={"scale": 2.0 ** 15}):
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    start = _last["scale"] if _last["scale"] > 1 else 2.0 ** 15
    opt = precision.optimizer(policy_name, initial_scale=start) if policy_name == "mixed_float16" else precision.optimizer(policy_name)
    scaled = precision.is_loss_scaled(opt)
    per_example = training.per_example_loss()
    losses = []
    for _ in range(steps):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(per_example(y, model(x)))
            target = opt.scale_loss(loss) if scaled else loss
        opt.apply_gradients(zip(tape.gradient(target, model.trainable_variables), model.trainable_variables))
        losses.append(float(loss))
    if scaled:
        _last["scale"] = float(opt.dynamic_scale.numpy())
    return losses
