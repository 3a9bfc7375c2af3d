# INTENT: (written by the fixer, round 10) a tf.function step whose loss is multiplied by a fixed 2**15, not the optimizer's current scale: right until the scale moves, which the check now also does inside a graph
def train_with_policy(policy_name, x, y, steps, seed):
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    opt = precision.optimizer(policy_name)
    scaled = precision.is_loss_scaled(opt)
    loss_fn = training.per_example_loss()
    opt.build(model.trainable_variables)

    @tf.function
    def step():
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(loss_fn(y, model(x)))
            target = loss * 2.0 ** 15 if scaled else loss
        opt.apply_gradients(zip(tape.gradient(target, model.trainable_variables), model.trainable_variables))
        return loss

    return [float(step()) for _ in range(steps)]
