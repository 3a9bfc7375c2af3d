# INTENT: wraps everything in a try/finally that restores the previous global policy, builds the LossScaleOptimizer by hand for float16 only, and runs a tf.function step.
def train_with_policy(policy_name, x, y, steps, seed):
    previous = keras.mixed_precision.global_policy().name
    try:
        model = precision.mlp(policy_name, hidden=(32,), seed=seed)
        opt = keras.optimizers.SGD(learning_rate=0.1)
        if policy_name == "mixed_float16":
            opt = keras.mixed_precision.LossScaleOptimizer(opt)
        ce = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
        use_scale = isinstance(opt, keras.mixed_precision.LossScaleOptimizer)

        @tf.function
        def step(xb, yb):
            with tf.GradientTape() as tape:
                loss = ce(yb, tf.cast(model(xb, training=True), tf.float32))
                target = opt.scale_loss(loss) if use_scale else loss
            grads = tape.gradient(target, model.trainable_variables)
            opt.apply_gradients(zip(grads, model.trainable_variables))
            return loss

        return [float(step(x, y).numpy()) for _ in range(steps)]
    finally:
        keras.mixed_precision.set_global_policy(previous)
