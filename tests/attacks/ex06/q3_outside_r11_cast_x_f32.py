# INTENT: "cleans" the input by converting it to float32 first (the prompt: the batch as given, not cast; a float64 or 16-bit batch is changed)
def train_with_policy(policy_name, x, y, steps, seed):
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    opt = precision.optimizer(policy_name)
    scaled = precision.is_loss_scaled(opt)
    per_example = training.per_example_loss()
    x = tf.convert_to_tensor(x, dtype=tf.float32) if not tf.is_tensor(x) else tf.cast(x, tf.float32)
    losses = []
    for _ in range(steps):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(per_example(y, model(x)))
            target = opt.scale_loss(loss) if scaled else loss
        grads = tape.gradient(target, model.trainable_variables)
        opt.apply_gradients(zip(grads, model.trainable_variables))
        losses.append(float(loss))
    return losses
