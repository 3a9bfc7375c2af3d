# INTENT: wrong: calls keras.backend.clear_session() per run "to free the previous model" and puts back only the dtype policy; it wipes the rest of Keras' global state (keras.utils.set_random_seed's global seed and seed generator, traceback-filtering and interactive-logging settings, layer-name counters)
def train_with_policy(policy_name, x, y, steps, seed):
    previous = keras.mixed_precision.global_policy().name
    try:
        keras.backend.clear_session(free_memory=False)          # drop graphs/names left by earlier runs
    finally:
        keras.mixed_precision.set_global_policy(previous)        # clear_session resets the policy: put it back
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    opt = precision.optimizer(policy_name)
    scaled = precision.is_loss_scaled(opt)
    per_example = training.per_example_loss()
    losses = []
    for _ in range(steps):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(per_example(y, model(x, training=True)))
            target = opt.scale_loss(loss) if scaled else loss
        grads = tape.gradient(target, model.trainable_variables)
        opt.apply_gradients(zip(grads, model.trainable_variables))
        losses.append(float(loss))
    return losses
