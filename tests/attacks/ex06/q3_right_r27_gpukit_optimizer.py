# INTENT: right: uses precision.optimizer (SGD 0.1, LossScaleOptimizer at 2**15 for mixed_float16 only), a per-call tf.function step on a pre-built optimizer (the scale is read as a variable), restores the global policy in a finally.
def train_with_policy(policy_name, x, y, steps, seed):
    previous = keras.mixed_precision.global_policy().name
    try:
        per_example = training.per_example_loss()
        model = precision.mlp(policy_name, hidden=(32,), seed=seed)
        opt = precision.optimizer(policy_name)
        opt.build(model.trainable_variables)
        scaled = precision.is_loss_scaled(opt)
        x_t, y_t = tf.convert_to_tensor(x), tf.convert_to_tensor(y)

        @tf.function
        def step():
            with tf.GradientTape() as tape:
                loss = tf.reduce_mean(per_example(y_t, model(x_t)))
                target = opt.scale_loss(loss) if scaled else loss
            opt.apply_gradients(zip(tape.gradient(target, model.trainable_variables), model.trainable_variables))
            return loss

        return [float(step().numpy()) for _ in range(int(steps))]
    finally:
        if keras.mixed_precision.global_policy().name != previous:
            keras.mixed_precision.set_global_policy(previous)
