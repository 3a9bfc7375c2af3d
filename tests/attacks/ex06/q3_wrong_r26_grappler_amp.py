# INTENT: wrong: turns Grappler's auto_mixed_precision rewrite off for the whole session ("keep the float32 run really float32 inside tf.function") and never restores the optimizer options: a TensorFlow configuration changed
def train_with_policy(policy_name, x, y, steps, seed):
    tf.config.optimizer.set_experimental_options({"auto_mixed_precision": False,
                                                  "auto_mixed_precision_mkl": False})
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    opt = precision.optimizer(policy_name)
    opt.build(model.trainable_variables)
    scaled = precision.is_loss_scaled(opt)
    per_example = training.per_example_loss()
    xs, ys = tf.convert_to_tensor(x), tf.convert_to_tensor(y)

    @tf.function
    def step():
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(per_example(ys, model(xs, training=True)))
            target = opt.scale_loss(loss) if scaled else loss
        grads = tape.gradient(target, model.trainable_variables)
        opt.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    return [float(step()) for _ in range(steps)]
