# INTENT: decides loss scaling with '"16" in policy_name', so mixed_bfloat16 (which does not need it) gets a LossScaleOptimizer too
def train_with_policy(policy_name, x, y, steps, seed):
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    opt = keras.optimizers.SGD(0.1)
    if "16" in policy_name:
        opt = keras.mixed_precision.LossScaleOptimizer(opt)
    loss_fn = training.per_example_loss()
    losses = []
    for _ in range(steps):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(loss_fn(y, model(x)))
            target = opt.scale_loss(loss) if "16" in policy_name else loss
        grads = tape.gradient(target, model.trainable_variables)
        opt.apply_gradients(zip(grads, model.trainable_variables))
        losses.append(float(loss))
    return losses
