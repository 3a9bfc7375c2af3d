# INTENT: scales by the LSO's current scale but unscales by hand and steps the INNER SGD: no skip/halve on overflow, the LSO itself never steps
def train_with_policy(policy_name, x, y, steps, seed):
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    opt = precision.optimizer(policy_name)
    scaled = precision.is_loss_scaled(opt)
    if scaled:
        opt.build(model.trainable_variables)
    loss_fn = training.per_example_loss()
    losses = []
    for _ in range(steps):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(loss_fn(y, model(x)))
            target = opt.scale_loss(loss) if scaled else loss
        grads = tape.gradient(target, model.trainable_variables)
        if scaled:
            s = opt.dynamic_scale
            opt.inner_optimizer.apply_gradients(zip([g / s for g in grads], model.trainable_variables))
        else:
            opt.apply_gradients(zip(grads, model.trainable_variables))
        losses.append(float(loss))
    return losses
