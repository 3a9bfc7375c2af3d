# INTENT: returns the losses as numpy scalars of the compute dtype (np.float16 for mixed_float16) rather than plain numbers; rounded to float16
def train_with_policy(policy_name, x, y, steps, seed):
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    opt = precision.optimizer(policy_name)             # LossScaleOptimizer for mixed_float16 only
    loss_fn = training.per_example_loss()
    scaled = precision.is_loss_scaled(opt)
    losses = []
    for _ in range(steps):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(loss_fn(y, model(x, training=True)))
            target = opt.scale_loss(loss) if scaled else loss
        grads = tape.gradient(target, model.trainable_variables)
        opt.apply_gradients(zip(grads, model.trainable_variables))
        losses.append(loss.numpy().astype(precision.compute_dtype(policy_name) if policy_name == 'mixed_float16' else 'float32'))
    return losses
