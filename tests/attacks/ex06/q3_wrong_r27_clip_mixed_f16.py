# INTENT: wrong: clips the mixed_float16 gradients by hand to +-1 (of the unscaled size: +-scale on the scaled ones, with tf.minimum/maximum) before the LossScaleOptimizer, breaking "no clipping"; float32 and bfloat16 untouched.
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
            grads = [tf.minimum(tf.maximum(g, -s), s) for g in grads]
        opt.apply_gradients(zip(grads, model.trainable_variables))
        losses.append(float(loss))
    return losses
