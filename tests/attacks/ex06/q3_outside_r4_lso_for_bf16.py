# INTENT: wraps SGD in a LossScaleOptimizer for mixed_bfloat16 too ("16 bits need scaling"): bfloat16 has float32's exponent range and does not need it (the contract: loss scaling where the policy needs it)
def train_with_policy(policy_name, x, y, steps, seed):
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    opt = precision.optimizer(policy_name, loss_scaling=policy_name != "float32")             # LossScaleOptimizer for mixed_float16 only
    loss_fn = training.per_example_loss()
    scaled = precision.is_loss_scaled(opt)
    losses = []
    for _ in range(steps):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(loss_fn(y, model(x, training=True)))
            target = opt.scale_loss(loss) if scaled else loss
        grads = tape.gradient(target, model.trainable_variables)
        opt.apply_gradients(zip(grads, model.trainable_variables))
        losses.append(float(loss))
    return losses
