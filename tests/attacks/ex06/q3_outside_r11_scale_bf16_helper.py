# INTENT: asks gpukit for loss scaling on every 16-bit policy ("16 bits underflow"), bfloat16 included (lesson/prompt: only float16 needs it)
def train_with_policy(policy_name, x, y, steps, seed):
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    opt = precision.optimizer(policy_name, loss_scaling=policy_name != "float32")
    scaled = precision.is_loss_scaled(opt)
    per_example = training.per_example_loss()
    losses = []
    for _ in range(steps):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(per_example(y, model(x)))
            target = opt.scale_loss(loss) if scaled else loss
        grads = tape.gradient(target, model.trainable_variables)
        opt.apply_gradients(zip(grads, model.trainable_variables))
        losses.append(float(loss))
    return losses
