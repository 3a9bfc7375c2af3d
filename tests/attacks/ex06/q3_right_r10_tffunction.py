def train_with_policy(policy_name, x, y, steps, seed):
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    opt = keras.optimizers.SGD(0.1)
    if policy_name == "mixed_float16":
        opt = keras.mixed_precision.LossScaleOptimizer(opt)
    lossf = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
    xt, yt = tf.convert_to_tensor(x), tf.convert_to_tensor(y)
    opt.build(model.trainable_variables)   # built before tracing: scale_loss reads the live scale variable

    @tf.function
    def step():
        with tf.GradientTape() as tape:
            loss = lossf(yt, model(xt, training=True))
            target = opt.scale_loss(loss) if isinstance(opt, keras.mixed_precision.LossScaleOptimizer) else loss
        opt.apply_gradients(zip(tape.gradient(target, model.trainable_variables), model.trainable_variables))
        return loss

    return [step().numpy() for _ in range(steps)]
