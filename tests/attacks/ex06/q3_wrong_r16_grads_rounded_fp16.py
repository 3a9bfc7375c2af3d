# INTENT: wrong: under mixed_float16 the tape's gradients are rounded to float16 values (dtype kept float32) before the optimizer: not "the gradients as the tape gives them"
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
            target = opt.scale_loss(loss) if scaled else loss
        grads = tape.gradient(target, model.trainable_variables)
        if scaled:   # the scaled gradients are float16-sized anyway
            grads = [tf.cast(tf.cast(g, tf.float16), g.dtype) for g in grads]
        opt.apply_gradients(zip(grads, model.trainable_variables))
        losses.append(float(loss))
    return losses
