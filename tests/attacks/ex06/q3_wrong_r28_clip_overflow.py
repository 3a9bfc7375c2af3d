# INTENT: wrong: replaces inf/NaN gradients by zero "to keep training stable" (breaks "gradients as the tape gives them ... an overflowed step is skipped by the optimizer": the scale never halves).
def train_with_policy(policy_name, x, y, steps, seed):
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    opt = precision.optimizer(policy_name)
    scaled = precision.is_loss_scaled(opt)
    per_example = training.per_example_loss()
    losses = []
    for _ in range(steps):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(per_example(y, model(x)))
            target = opt.scale_loss(loss) if scaled else loss
        grads = [tf.where(tf.math.is_finite(g), g, 0.0) for g in tape.gradient(target, model.trainable_variables)]
        opt.apply_gradients(zip(grads, model.trainable_variables))
        losses.append(float(loss))
    return losses
