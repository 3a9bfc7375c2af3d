# INTENT: same 16-bit slip as q2: scales the per-example losses and averages them in float16 (gradient 1/N rounded in float16)
def train_with_policy(policy_name, x, y, steps, seed):
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    opt = precision.optimizer(policy_name)
    scaled = precision.is_loss_scaled(opt)
    loss_fn = training.per_example_loss()
    cd = precision.compute_dtype(policy_name)
    losses = []
    for _ in range(steps):
        with tf.GradientTape() as tape:
            per = loss_fn(y, model(x))
            loss = tf.reduce_mean(per)
            target = tf.reduce_mean(tf.cast(opt.scale_loss(per) if scaled else per, cd))
        grads = tape.gradient(target, model.trainable_variables)
        opt.apply_gradients(zip(grads, model.trainable_variables))
        losses.append(float(loss))
    return losses
