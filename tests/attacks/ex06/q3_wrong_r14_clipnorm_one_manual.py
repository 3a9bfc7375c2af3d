# INTENT: wrong: per-variable gradient clipping to norm 1.0 (unscaled) done by hand, not in the optimizer's settings (contract: no clipping)
def train_with_policy(policy_name, x, y, steps, seed):
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    opt = keras.optimizers.SGD(0.1)
    scaled = policy_name == "mixed_float16"
    if scaled:
        opt = keras.mixed_precision.LossScaleOptimizer(opt)
    ce = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
    losses = []
    for _ in range(steps):
        with tf.GradientTape() as tape:
            loss = ce(y, model(x, training=True))
            target = opt.scale_loss(loss) if scaled else loss
        grads = tape.gradient(target, model.trainable_variables)
        limit = opt.scale_loss(tf.constant(1.0)) if scaled else tf.constant(1.0)
        grads = [tf.clip_by_norm(g, tf.cast(limit, g.dtype)) for g in grads]
        opt.apply_gradients(zip(grads, model.trainable_variables))
        losses.append(float(loss))
    return losses
