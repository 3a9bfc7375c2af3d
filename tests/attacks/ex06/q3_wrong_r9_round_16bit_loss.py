# INTENT: reports each loss in the policy's compute dtype (rounded to float16/bfloat16, then float()), which the prompt says rounds the loss
def train_with_policy(policy_name, x, y, steps, seed):
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    opt = precision.optimizer(policy_name)
    scaled = precision.is_loss_scaled(opt)
    loss_fn = training.per_example_loss()
    losses = []
    for _ in range(steps):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(loss_fn(y, model(x)))
            target = opt.scale_loss(loss) if scaled else loss
        opt.apply_gradients(zip(tape.gradient(target, model.trainable_variables), model.trainable_variables))
        losses.append(float(tf.cast(loss, model.compute_dtype).numpy()))
    return losses
