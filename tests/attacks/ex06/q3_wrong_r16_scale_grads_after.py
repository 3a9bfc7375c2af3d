# INTENT: wrong: gradients of the UNscaled loss, multiplied by the scale afterwards (the loss is not multiplied by the scale: float16 underflow is not prevented, no overflow ever seen)
def train_with_policy(policy_name, x, y, steps, seed):
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    opt = keras.optimizers.SGD(0.1)
    scaled = policy_name == "mixed_float16"
    if scaled:
        opt = keras.mixed_precision.LossScaleOptimizer(opt)
    per_example = keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction=None)
    losses = []
    for _ in range(steps):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(per_example(y, model(x, training=True)))
        grads = tape.gradient(loss, model.trainable_variables)
        if scaled:
            factor = opt.scale_loss(tf.constant(1.0))
            grads = [g * factor for g in grads]
        opt.apply_gradients(zip(grads, model.trainable_variables))
        losses.append(float(loss))
    return losses
