# INTENT: builds the model itself under the policy (logits layer computes in 16 bits, cast up after), not precision.mlp
def train_with_policy(policy_name, x, y, steps, seed):
    with precision.policy(policy_name):
        model = keras.Sequential([
            keras.Input((64,)), keras.layers.Flatten(),
            keras.layers.Dense(32, activation="relu", kernel_initializer=keras.initializers.GlorotUniform(seed=seed)),
            keras.layers.Dense(10, kernel_initializer=keras.initializers.GlorotUniform(seed=seed + 1)),
        ])
    opt = precision.optimizer(policy_name)
    scaled = precision.is_loss_scaled(opt)
    loss_fn = training.per_example_loss()
    losses = []
    for _ in range(steps):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(loss_fn(y, tf.cast(model(x), tf.float32)))
            target = opt.scale_loss(loss) if scaled else loss
        grads = tape.gradient(target, model.trainable_variables)
        opt.apply_gradients(zip(grads, model.trainable_variables))
        losses.append(float(loss))
    return losses
