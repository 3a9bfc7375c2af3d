# INTENT: wrong — for batches of 256 rows or more it casts x to the policy's compute dtype before the loop ("halves the host-to-device copy; the model casts to it anyway"): the losses and weights are bit-identical, but the contract says the batch's values are not changed by a cast (float16/bfloat16 round x), and the model is then called on a float16/bfloat16 input; small batches (the visible check) are left alone.
def train_with_policy(policy_name, x, y, steps, seed):
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    opt = keras.optimizers.SGD(0.1)
    scaled = policy_name == "mixed_float16"
    if scaled:
        opt = keras.mixed_precision.LossScaleOptimizer(opt)
    if len(x) >= 256:
        x = tf.cast(x, precision.compute_dtype(policy_name))
    per_example = training.per_example_loss()
    losses = []
    for _ in range(steps):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(per_example(y, model(x, training=True)))
            target = opt.scale_loss(loss) if scaled else loss
        opt.apply_gradients(zip(tape.gradient(target, model.trainable_variables), model.trainable_variables))
        losses.append(float(loss))
    return losses
