# INTENT: wrong — under mixed_float16, a step the LSO skips (its scaled gradients overflowed) is retried on the same batch with the halved scale, up to 4 times ("no step wasted"): runs without an overflow are identical, but an overflowed step then makes extra optimizer updates and extra scale moves, so the run no longer does exactly `steps` updates of the loss-scaling recipe.
def train_with_policy(policy_name, x, y, steps, seed):
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    opt = keras.optimizers.SGD(0.1)
    scaled = policy_name == "mixed_float16"
    if scaled:
        opt = keras.mixed_precision.LossScaleOptimizer(opt)
    per_example = training.per_example_loss()
    losses = []
    for _ in range(steps):
        for attempt in range(5):
            with tf.GradientTape() as tape:
                loss = tf.reduce_mean(per_example(y, model(x, training=True)))
                target = opt.scale_loss(loss) if scaled else loss
            grads = tape.gradient(target, model.trainable_variables)
            finite = all(bool(tf.reduce_all(tf.math.is_finite(g))) for g in grads)
            opt.apply_gradients(zip(grads, model.trainable_variables))
            if attempt == 0:
                losses.append(float(loss))
            if finite or not scaled or not bool(tf.math.is_finite(loss)):
                break
    return losses
