# INTENT: wrong: calls keras.utils.set_random_seed(seed) "for reproducibility" and puts back only NumPy's and Python's global RNG state; TensorFlow's global seed stays changed (a session setting the prompt forbids)
import numpy as np
import random as _random
def train_with_policy(policy_name, x, y, steps, seed):
    np_state, py_state = np.random.get_state(), _random.getstate()
    keras.utils.set_random_seed(seed)
    try:
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
    finally:
        np.random.set_state(np_state)
        _random.setstate(py_state)
