# INTENT: wrong: multiplies the loss by max(current scale, 1) instead of the scale itself ("scales below 1 only lose precision") - once overflows push the scale under 1 the LSO divides by a different number than the loss was multiplied by.
def train_with_policy(policy_name, x, y, steps, seed):
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    opt = precision.optimizer(policy_name)
    scaled = precision.is_loss_scaled(opt)
    if scaled:
        opt.build(model.trainable_variables)
    loss_fn = training.per_example_loss()
    losses = []
    for _ in range(steps):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(loss_fn(y, model(x, training=True)))
            target = loss * tf.maximum(opt.dynamic_scale, 1.0) if scaled else loss
        grads = tape.gradient(target, model.trainable_variables)
        opt.apply_gradients(zip(grads, model.trainable_variables))
        losses.append(float(loss))
    return losses
