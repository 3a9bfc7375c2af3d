# INTENT: computes the cross-entropy on logits cast to the policy's compute dtype (float16/bfloat16) -- the float32 logits layer is defeated; within the loose tolerances
def train_with_policy(policy_name, x, y, steps, seed):
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    opt = precision.optimizer(policy_name)             # LossScaleOptimizer for mixed_float16 only
    loss_fn = training.per_example_loss()
    scaled = precision.is_loss_scaled(opt)
    losses = []
    for _ in range(steps):
        with tf.GradientTape() as tape:
            logits = model(x, training=True)
            logits = tf.cast(logits, precision.compute_dtype(policy_name))
            loss = tf.cast(tf.reduce_mean(loss_fn(y, logits)), tf.float32)
            target = opt.scale_loss(loss) if scaled else loss
        grads = tape.gradient(target, model.trainable_variables)
        opt.apply_gradients(zip(grads, model.trainable_variables))
        losses.append(float(loss))
    return losses
