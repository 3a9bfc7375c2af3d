# INTENT: wrong: replaces inf gradients by +-float32 max ("saturate instead of overflow") before the update (breaks "gradients as the tape gives them"; an overflowed step is applied, not skipped).
def train_with_policy(policy_name, x, y, steps, seed):
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    opt = precision.optimizer(policy_name)
    scaled = precision.is_loss_scaled(opt)
    variables = model.trainable_variables
    per_example = training.per_example_loss()
    big = float(tf.float32.max)
    losses = []
    for _ in range(steps):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(per_example(y, model(x)))
            target = opt.scale_loss(loss) if scaled else loss
        grads = [tf.clip_by_value(g, -big, big) for g in tape.gradient(target, variables)]
        opt.apply_gradients(zip(grads, variables))
        losses.append(float(loss))
    return losses
