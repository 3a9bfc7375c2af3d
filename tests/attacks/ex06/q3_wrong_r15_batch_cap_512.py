# INTENT: wrong: trains on at most the first 512 examples (prompt: 'each of the steps uses the whole (x, y) batch as given')
def train_with_policy(policy_name, x, y, steps, seed):
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    opt = keras.optimizers.SGD(0.1)
    if policy_name == "mixed_float16":
        opt = keras.mixed_precision.LossScaleOptimizer(opt)
    scaled = isinstance(opt, keras.mixed_precision.LossScaleOptimizer)
    lf = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
    x, y = x[:512], y[:512]
    losses = []
    for _ in range(steps):
        with tf.GradientTape() as tape:
            loss = lf(y, model(x))
            target = opt.scale_loss(loss) if scaled else loss
        grads = tape.gradient(target, model.trainable_variables)
        opt.apply_gradients(zip(grads, model.trainable_variables))
        losses.append(float(loss))
    return losses
