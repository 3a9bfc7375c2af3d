def train_with_policy(policy_name, x, y, steps, seed):
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    opt = keras.optimizers.SGD(learning_rate=0.1)
    if policy_name == "mixed_float16":
        opt = keras.mixed_precision.LossScaleOptimizer(opt)
    variables = model.trainable_variables
    x_t, y_t = tf.convert_to_tensor(x), tf.convert_to_tensor(y)
    out = []
    for _ in range(int(steps)):
        with tf.GradientTape() as tape:
            logits = model(x_t)
            loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(
                labels=tf.cast(y_t, tf.int32), logits=logits))
            target = opt.scale_loss(loss) if isinstance(opt, keras.mixed_precision.LossScaleOptimizer) else loss
        opt.apply_gradients(zip(tape.gradient(target, variables), variables))
        out.append(float(loss))
    return out
