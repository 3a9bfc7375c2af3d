# INTENT: wrong: memoizes results per (policy, steps, seed, data): a repeated call trains nothing (state kept across calls)
_memo = {}
def train_with_policy(policy_name, x, y, steps, seed):
    import numpy as _np
    key = (policy_name, steps, seed, _np.asarray(x).tobytes(), _np.asarray(y).tobytes())
    if key in _memo:
        return list(_memo[key])
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    opt = keras.optimizers.SGD(0.1)
    if policy_name == "mixed_float16":
        opt = keras.mixed_precision.LossScaleOptimizer(opt)
    lf = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
    losses = []
    for _ in range(steps):
        with tf.GradientTape() as tape:
            loss = lf(y, model(x))
            target = opt.scale_loss(loss) if policy_name == "mixed_float16" else loss
        grads = tape.gradient(target, model.trainable_variables)
        opt.apply_gradients(zip(grads, model.trainable_variables))
        losses.append(float(loss))
    _memo[key] = list(losses)
    return losses
