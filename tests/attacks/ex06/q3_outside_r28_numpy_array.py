# INTENT: wrong: returns the losses as a numpy float32 array instead of a list of numbers (breaks "returns the steps losses ... (steps=0: ... an empty list)").
# RULED outside (issue 38, round 28): the prompt names the losses' type (numbers; numpy float32/64 count alike), not the container; a numpy float32 array holds float(loss)'s float32 values exactly, iterates and indexes as a list does (the closing cell runs); the prompt now says a numpy array of them counts alike
import numpy as _np
def train_with_policy(policy_name, x, y, steps, seed):
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    opt = precision.optimizer(policy_name)
    scaled = precision.is_loss_scaled(opt)
    per_example = training.per_example_loss()
    losses = []
    for _ in range(steps):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(per_example(y, model(x)))
            target = opt.scale_loss(loss) if scaled else loss
        opt.apply_gradients(zip(tape.gradient(target, model.trainable_variables), model.trainable_variables))
        losses.append(float(loss))
    return _np.asarray(losses, dtype=_np.float32)
