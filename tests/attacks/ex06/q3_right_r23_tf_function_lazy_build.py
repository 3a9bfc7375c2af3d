# INTENT: right: tf.function step with the LSO built lazily inside it; tf.function retraces after creating the variables, so scale_loss reads the live dynamic_scale (verified: same update as eager after the scale is moved).
def train_with_policy(policy_name, x, y, steps, seed):
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    opt = keras.optimizers.SGD(0.1)
    if policy_name == "mixed_float16":
        opt = keras.mixed_precision.LossScaleOptimizer(opt)
    ce = training.per_example_loss()
    scaled = isinstance(opt, keras.mixed_precision.LossScaleOptimizer)

    @tf.function
    def step(xb, yb):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(ce(yb, model(xb, training=True)))
            target = opt.scale_loss(loss) if scaled else loss
        grads = tape.gradient(target, model.trainable_variables)
        opt.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    xb, yb = tf.convert_to_tensor(x), tf.convert_to_tensor(y)
    return [float(step(xb, yb)) for _ in range(steps)]
