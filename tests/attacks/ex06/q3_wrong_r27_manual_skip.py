# INTENT: wrong: checks the scaled gradients itself and skips a non-finite step without handing it to the LossScaleOptimizer, so the scale never halves ("skipped by the optimizer ... as overflowed steps move it").
loss_fn = training.per_example_loss()

def train_with_policy(policy_name, x, y, steps, seed):
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    opt = keras.optimizers.SGD(0.1)
    scaled = policy_name == "mixed_float16"
    if scaled:
        opt = keras.mixed_precision.LossScaleOptimizer(opt)
    losses = []
    for _ in range(steps):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(loss_fn(y, model(x)))
            target = opt.scale_loss(loss) if scaled else loss
        grads = tape.gradient(target, model.trainable_variables)
        losses.append(float(loss))
        if not all(bool(tf.reduce_all(tf.math.is_finite(g))) for g in grads):
            continue                      # overflow: skip this step
        opt.apply_gradients(zip(grads, model.trainable_variables))
    return losses
