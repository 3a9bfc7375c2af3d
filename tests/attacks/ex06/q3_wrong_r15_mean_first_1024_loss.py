# INTENT: wrong: the reported loss is the mean over at most 1024 examples (the update uses the whole batch): the loss of a batch larger than that is not its mean
def train_with_policy(policy_name, x, y, steps, seed):
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    opt = keras.optimizers.SGD(0.1)
    if policy_name == "mixed_float16":
        opt = keras.mixed_precision.LossScaleOptimizer(opt)
    scaled = isinstance(opt, keras.mixed_precision.LossScaleOptimizer)
    lf = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
    losses = []
    for _ in range(steps):
        with tf.GradientTape() as tape:
            logits = model(x)
            loss = lf(y, logits)
            shown = lf(y[:1024], logits[:1024])
            target = opt.scale_loss(loss) if scaled else loss
        grads = tape.gradient(target, model.trainable_variables)
        opt.apply_gradients(zip(grads, model.trainable_variables))
        losses.append(float(shown))
    return losses
