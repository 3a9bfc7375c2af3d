# INTENT: right: the whole run inside a precision.policy(...) with-block (restored in its finally), an explicit LossScaleOptimizer for float16, a tf.function step built per call, losses as numpy float32.
def train_with_policy(policy_name, x, y, steps, seed):
    with precision.policy(policy_name):
        model = precision.mlp(policy_name, hidden=(32,), seed=seed)
        opt = keras.optimizers.SGD(learning_rate=0.1)
        if policy_name == "mixed_float16":
            opt = keras.mixed_precision.LossScaleOptimizer(opt)      # Keras' defaults: 2**15, growth every 2000
        opt.build(model.trainable_variables)
        xent = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
        xt, yt = tf.convert_to_tensor(x), tf.convert_to_tensor(y)

        @tf.function
        def step():
            with tf.GradientTape() as tape:
                loss = xent(yt, model(xt))
                target = opt.scale_loss(loss)        # a plain optimizer's scale_loss returns the loss unchanged
            opt.apply_gradients(zip(tape.gradient(target, model.trainable_variables), model.trainable_variables))
            return loss

        return [step().numpy() for _ in range(steps)]
