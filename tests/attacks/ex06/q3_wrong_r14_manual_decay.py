# INTENT: wrong: weight decay added by hand after each update (w *= 1 - 1e-6), outside the optimizer's settings (contract: nothing added, no weight decay)
def train_with_policy(policy_name, x, y, steps, seed):
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    opt = keras.optimizers.SGD(0.1)
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
        for v in model.trainable_variables:
            v.assign(v * (1.0 - 1e-6))
        losses.append(float(loss))
    return losses
