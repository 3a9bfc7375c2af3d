# INTENT: right: new mlp + precision.optimizer (LSO at 2**15, default growth, for mixed_float16) per call; eager GradientTape loop, loss from float32 logits, scale_loss whatever the scale, losses as Python floats before each update
def train_with_policy(policy_name, x, y, steps, seed):
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)     # restores the global policy itself
    opt = precision.optimizer(policy_name)                           # SGD(0.1), wrapped only for mixed_float16
    scaled = precision.is_loss_scaled(opt)
    per_example = training.per_example_loss()
    losses = []
    for _ in range(int(steps)):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(per_example(y, model(x, training=True)))
            target = opt.scale_loss(loss) if scaled else loss
        grads = tape.gradient(target, model.trainable_variables)
        opt.apply_gradients(zip(grads, model.trainable_variables))
        losses.append(float(loss.numpy()))
    return losses
