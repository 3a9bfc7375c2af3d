# INTENT: wrong: adds heavy-ball momentum (0.5) by hand to the mixed_float16 run's scaled gradients ("16-bit training converges slower"), breaking "no ... momentum ... by hand"; float32 and bfloat16 stay plain.
loss_fn = training.per_example_loss()

def train_with_policy(policy_name, x, y, steps, seed):
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    opt = keras.optimizers.SGD(0.1)
    scaled = policy_name == "mixed_float16"
    if scaled:
        opt = keras.mixed_precision.LossScaleOptimizer(opt)
        opt.build(model.trainable_variables)
    velocity = [tf.zeros_like(v) for v in model.trainable_variables]
    losses = []
    for _ in range(steps):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(loss_fn(y, model(x)))
            target = opt.scale_loss(loss) if scaled else loss
        grads = tape.gradient(target, model.trainable_variables)
        if scaled:
            s = tf.identity(opt.dynamic_scale)
            velocity = [0.5 * v + g / s for v, g in zip(velocity, grads)]
            grads = [v * s for v in velocity]
        opt.apply_gradients(zip(grads, model.trainable_variables))
        losses.append(float(loss))
    return losses
