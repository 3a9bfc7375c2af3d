# INTENT: wrong: SGD with a step-decay schedule (0.1 for the first 1000 updates, then 0.01) instead of SGD(0.1); identical on short runs
def train_with_policy(policy_name, x, y, steps, seed):
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    lr = keras.optimizers.schedules.PiecewiseConstantDecay([1000], [0.1, 0.01])
    opt = keras.optimizers.SGD(lr)
    scaled = policy_name == "mixed_float16"
    if scaled:
        opt = keras.mixed_precision.LossScaleOptimizer(opt)
    ce = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
    losses = []
    for _ in range(steps):
        with tf.GradientTape() as tape:
            loss = ce(y, model(x, training=True))
            target = opt.scale_loss(loss) if scaled else loss
        opt.apply_gradients(zip(tape.gradient(target, model.trainable_variables), model.trainable_variables))
        losses.append(float(loss))
    return losses
