# INTENT: wrong: like the recipe, but returns the mixed_float16 run's losses after the first rounded through float16 (float(np.float16(loss))) "as the model computes in float16", breaking "numbers ... 16-bit numbers do not (they round the loss)"; the first loss stays exact.
import numpy as np
loss_fn = training.per_example_loss()

def train_with_policy(policy_name, x, y, steps, seed):
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    opt = keras.optimizers.SGD(0.1)
    scaled = policy_name == "mixed_float16"
    if scaled:
        opt = keras.mixed_precision.LossScaleOptimizer(opt)
    losses = []
    for i in range(steps):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(loss_fn(y, model(x)))
            target = opt.scale_loss(loss) if scaled else loss
        opt.apply_gradients(zip(tape.gradient(target, model.trainable_variables), model.trainable_variables))
        value = float(loss)
        losses.append(float(np.float16(value)) if (policy_name != "float32" and i > 0) else value)
    return losses
