# INTENT: wrong: keeps every call's losses in a class attribute (a run history): results kept between calls
class _History:
    runs = []

def train_with_policy(policy_name, x, y, steps, seed):
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    opt = keras.optimizers.SGD(0.1)
    scaled = policy_name == "mixed_float16"
    if scaled:
        opt = keras.mixed_precision.LossScaleOptimizer(opt)
    per_example = training.per_example_loss()
    xt, yt = tf.convert_to_tensor(x), tf.convert_to_tensor(y)
    losses = []
    for _ in range(int(steps)):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(per_example(yt, model(xt, training=True)))
            target = opt.scale_loss(loss) if scaled else loss
        grads = tape.gradient(target, model.trainable_variables)
        opt.apply_gradients(zip(grads, model.trainable_variables))
        losses.append(float(loss))
    _History.runs.append((policy_name, int(seed), list(losses)))
    return losses
