# INTENT: wrong: adds L2 weight decay (5e-4 * w, on the scaled gradients as 5e-4 * scale * w) by hand in the mixed_float16 run only, breaking "gradients as the tape gives them (nothing added ... no weight decay)".
loss_fn = training.per_example_loss()

def train_with_policy(policy_name, x, y, steps, seed):
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    opt = keras.optimizers.SGD(0.1)
    scaled = policy_name == "mixed_float16"
    if scaled:
        opt = keras.mixed_precision.LossScaleOptimizer(opt)
        opt.build(model.trainable_variables)
    losses = []
    for _ in range(steps):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(loss_fn(y, model(x)))
            target = opt.scale_loss(loss) if scaled else loss
        grads = tape.gradient(target, model.trainable_variables)
        if scaled:
            s = tf.identity(opt.dynamic_scale)
            grads = [g + 5e-4 * s * w for g, w in zip(grads, model.trainable_variables)]
        opt.apply_gradients(zip(grads, model.trainable_variables))
        losses.append(float(loss))
    return losses
