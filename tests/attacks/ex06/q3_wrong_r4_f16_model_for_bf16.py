# INTENT: builds the mixed_float16 model for mixed_bfloat16 ("both are 16-bit"), with loss scaling: wrong compute dtype for the bfloat16 run
def train_with_policy(policy_name, x, y, steps, seed):
    built = "mixed_float16" if policy_name == "mixed_bfloat16" else policy_name
    model = precision.mlp(built, hidden=(32,), seed=seed)
    opt = precision.optimizer(built)             # LossScaleOptimizer for mixed_float16 only
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
