# INTENT: adds a tiny weight decay to SGD (1e-6, 'harmless regularisation'): the prompt says nothing added
def train_with_policy(policy_name, x, y, steps, seed):
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    opt = precision.optimizer(policy_name, keras.optimizers.SGD(0.1, weight_decay=1e-6))
    scaled = precision.is_loss_scaled(opt)
    loss_fn = training.per_example_loss()
    losses = []
    for _ in range(steps):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(loss_fn(y, model(x)))
            target = opt.scale_loss(loss) if scaled else loss
        opt.apply_gradients(zip(tape.gradient(target, model.trainable_variables), model.trainable_variables))
        losses.append(float(loss))
    return losses
