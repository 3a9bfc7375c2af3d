# INTENT: loss from logits rounded through the compute dtype and back to float32 (the cast down the prompt forbids, disguised)
def train_with_policy(policy_name, x, y, steps, seed):
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    opt = precision.optimizer(policy_name)
    scaled = precision.is_loss_scaled(opt)
    loss_fn = training.per_example_loss()
    losses = []
    for _ in range(steps):
        with tf.GradientTape() as tape:
            logits = tf.cast(tf.cast(model(x), model.compute_dtype), tf.float32)
            loss = tf.reduce_mean(loss_fn(y, logits))
            target = opt.scale_loss(loss) if scaled else loss
        opt.apply_gradients(zip(tape.gradient(target, model.trainable_variables), model.trainable_variables))
        losses.append(float(loss))
    return losses
