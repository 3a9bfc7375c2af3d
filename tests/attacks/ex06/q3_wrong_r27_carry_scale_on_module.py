# INTENT: wrong: remembers the last mixed_float16 run's final loss scale in a dict hung on the gpukit.precision module and starts the next run's LossScaleOptimizer there, breaking "no ... loss scale ... kept between calls" (invisible while the scale stays high).
loss_fn = training.per_example_loss()

def train_with_policy(policy_name, x, y, steps, seed):
    memory = vars(precision).setdefault("_last_loss_scale", {})
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    opt = keras.optimizers.SGD(0.1)
    scaled = policy_name == "mixed_float16"
    if scaled:
        opt = keras.mixed_precision.LossScaleOptimizer(opt, initial_scale=max(memory.get("scale", 2.0 ** 15), 2.0))
    losses = []
    for _ in range(steps):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(loss_fn(y, model(x)))
            target = opt.scale_loss(loss) if scaled else loss
        opt.apply_gradients(zip(tape.gradient(target, model.trainable_variables), model.trainable_variables))
        losses.append(float(loss))
    if scaled and opt.built:
        memory["scale"] = float(opt.dynamic_scale.numpy())
    return losses
