# INTENT: sum of the per-example losses instead of the mean
def train_with_policy(policy_name, x, y, steps, seed):
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    optimizer = precision.optimizer(policy_name)          # SGD(0.1), loss-scaled for mixed_float16
    loss_fn = training.per_example_loss()
    scaled = precision.is_loss_scaled(optimizer)
    losses = []
    for _ in range(steps):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(tf.cast(loss_fn(y, model(x, training=True)), tf.float32))
            target = optimizer.scale_loss(loss) if scaled else loss
        grads = tape.gradient(target, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        losses.append(float(loss))
    return losses
