# INTENT: wrong: trims the batch to a multiple of 8 examples (not the whole batch as given on odd sizes)

def train_with_policy(policy_name, x, y, steps, seed):
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    opt = keras.optimizers.SGD(0.1)
    if policy_name == "mixed_float16":
        opt = keras.mixed_precision.LossScaleOptimizer(opt)
    lf = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
    n = (len(x) // 8) * 8 or len(x)
    x, y = x[:n], y[:n]
    losses = []
    for _ in range(steps):
        with tf.GradientTape() as tape:
            loss = lf(y, model(x))
            target = opt.scale_loss(loss) if policy_name == "mixed_float16" else loss
        grads = tape.gradient(target, model.trainable_variables)
        opt.apply_gradients(zip(grads, model.trainable_variables))
        losses.append(float(loss))
    return losses
