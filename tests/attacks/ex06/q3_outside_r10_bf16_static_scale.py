# INTENT: multiplies the bfloat16 loss by 2**15 and divides the gradients back by hand (a loss scale where the policy does not need it, no optimizer wrapping)
def train_with_policy(policy_name, x, y, steps, seed):
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    opt = precision.optimizer(policy_name)
    scaled = precision.is_loss_scaled(opt)
    loss_fn = training.per_example_loss()
    manual = 2.0 ** 15 if policy_name == "mixed_bfloat16" else 1.0
    losses = []
    for _ in range(steps):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(loss_fn(y, model(x)))
            target = opt.scale_loss(loss) if scaled else loss * manual
        grads = tape.gradient(target, model.trainable_variables)
        if not scaled:
            grads = [g / manual for g in grads]
        opt.apply_gradients(zip(grads, model.trainable_variables))
        losses.append(float(loss))
    return losses
