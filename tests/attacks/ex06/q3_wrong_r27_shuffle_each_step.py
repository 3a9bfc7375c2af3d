# INTENT: wrong: shuffles the batch's rows (same permutation for x and y) before every step "as one shuffles each epoch", breaking "each step uses the whole (x, y) batch as given"; the mean loss and gradients agree up to summation order.
import numpy as np
loss_fn = training.per_example_loss()

def train_with_policy(policy_name, x, y, steps, seed):
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    opt = keras.optimizers.SGD(0.1)
    scaled = policy_name == "mixed_float16"
    if scaled:
        opt = keras.mixed_precision.LossScaleOptimizer(opt)
    rng = np.random.default_rng(seed)
    x, y = np.asarray(x), np.asarray(y)
    losses = []
    for _ in range(steps):
        order = rng.permutation(len(x))
        xb, yb = x[order], y[order]
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(loss_fn(yb, model(xb)))
            target = opt.scale_loss(loss) if scaled else loss
        opt.apply_gradients(zip(tape.gradient(target, model.trainable_variables), model.trainable_variables))
        losses.append(float(loss))
    return losses
