# INTENT: wrong: adds gradient clipping by hand (global norm 1e6 of the unscaled gradients), outside the optimizer's settings (contract: nothing added, no clipping)
# GAP (round 14): the clip (global norm 1e6 of the unscaled gradients) acts only past a norm of 1e6; the check's batches give 1..9 (the x 100 batch), where clip_by_global_norm multiplies by exactly 1 (the weights are the recipe's to the bit): a case past 1e6 would be a new training run
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
        limit = 1e6 * (opt.scale_loss(tf.constant(1.0)) if scaled else 1.0)
        grads, _ = tf.clip_by_global_norm(grads, limit)
        opt.apply_gradients(zip(grads, model.trainable_variables))
        losses.append(float(loss))
    return losses
