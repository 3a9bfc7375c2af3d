# INTENT: right (was meant as wrong, but tf.function retraces once the LossScaleOptimizer has been built, so the current scale variable is read, and the check that moves the scale passes): per-call tf.function step, LSO for mixed_float16 only.
loss_fn = training.per_example_loss()

def train_with_policy(policy_name, x, y, steps, seed):
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    opt = keras.optimizers.SGD(0.1)
    scaled = policy_name == "mixed_float16"
    if scaled:
        opt = keras.mixed_precision.LossScaleOptimizer(opt)

    @tf.function
    def step(xb, yb):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(loss_fn(yb, model(xb)))
            target = opt.scale_loss(loss) if scaled else loss
        opt.apply_gradients(zip(tape.gradient(target, model.trainable_variables), model.trainable_variables))
        return loss

    return [float(step(x, y)) for _ in range(steps)]
