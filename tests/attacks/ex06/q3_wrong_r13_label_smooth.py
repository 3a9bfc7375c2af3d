# INTENT: wrong: cross-entropy with a tiny label smoothing (not the sparse cross-entropy of the logits)

def train_with_policy(policy_name, x, y, steps, seed):
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    opt = keras.optimizers.SGD(0.1)
    if policy_name == "mixed_float16":
        opt = keras.mixed_precision.LossScaleOptimizer(opt)
    _cce = keras.losses.CategoricalCrossentropy(from_logits=True, label_smoothing=1e-6)
    lf = lambda yy, logits: _cce(tf.one_hot(tf.cast(yy, tf.int32), 10), logits)
    losses = []
    for _ in range(steps):
        with tf.GradientTape() as tape:
            loss = lf(y, model(x))
            target = opt.scale_loss(loss) if policy_name == "mixed_float16" else loss
        grads = tape.gradient(target, model.trainable_variables)
        opt.apply_gradients(zip(grads, model.trainable_variables))
        losses.append(float(loss))
    return losses
