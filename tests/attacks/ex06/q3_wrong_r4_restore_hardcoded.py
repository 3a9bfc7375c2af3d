# INTENT: sets the global policy for the run and restores it to 'float32' hard-coded, not to what it was before (a caller running under mixed_bfloat16 gets float32 back)
def train_with_policy(policy_name, x, y, steps, seed):
    keras.mixed_precision.set_global_policy(policy_name)
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    keras.mixed_precision.set_global_policy("float32")
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
        losses.append(float(loss))
    return losses
