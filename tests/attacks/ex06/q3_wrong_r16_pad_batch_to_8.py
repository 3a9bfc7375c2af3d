# INTENT: wrong: pads the batch with zero rows to a multiple of 8 ("tensor cores") and drops their logits: the model is not called on the (x, y) batch as given. GAP (round 16, ruled wrong only if it shows): the padded rows are zeros and their logits are dropped before the loss; with no layer mixing rows, the numbers are those of the batch as given (the hidden case has 81 rows, not a multiple of 8): nothing shows
def train_with_policy(policy_name, x, y, steps, seed):
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    opt = keras.optimizers.SGD(0.1)
    scaled = policy_name == "mixed_float16"
    if scaled:
        opt = keras.mixed_precision.LossScaleOptimizer(opt)
    per_example = keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction=None)
    n = len(x)
    pad = (-n) % 8
    xin = tf.concat([tf.convert_to_tensor(x), tf.zeros((pad,) + tuple(x.shape[1:]), tf.convert_to_tensor(x).dtype)], 0) if pad else x
    losses = []
    for _ in range(steps):
        with tf.GradientTape() as tape:
            logits = model(xin, training=True)[:n]
            loss = tf.reduce_mean(per_example(y, logits))
            target = opt.scale_loss(loss) if scaled else loss
        opt.apply_gradients(zip(tape.gradient(target, model.trainable_variables), model.trainable_variables))
        losses.append(float(loss))
    return losses
