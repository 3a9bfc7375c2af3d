# INTENT: wrong: "warm-starts" each mixed_float16 run at the loss scale the previous run ended at (kept in a closure cell, not a module global) - state kept between calls, so a repeat call after an overflow starts at another scale and can return other losses/skip other steps.
def _with_memory():
    _last_scale = {}

    def train_with_policy(policy_name, x, y, steps, seed):
        model = precision.mlp(policy_name, hidden=(32,), seed=seed)
        base = keras.optimizers.SGD(0.1)
        if policy_name == "mixed_float16":
            opt = keras.mixed_precision.LossScaleOptimizer(base, initial_scale=_last_scale.get(policy_name, 2.0 ** 15))
        else:
            opt = base
        loss_fn = training.per_example_loss()
        losses = []
        for _ in range(steps):
            with tf.GradientTape() as tape:
                loss = tf.reduce_mean(loss_fn(y, model(x, training=True)))
                target = opt.scale_loss(loss) if opt is not base else loss
            grads = tape.gradient(target, model.trainable_variables)
            opt.apply_gradients(zip(grads, model.trainable_variables))
            losses.append(float(loss))
        if opt is not base and opt.built:
            _last_scale[policy_name] = max(float(opt.dynamic_scale.numpy()), 2.0)
        return losses

    return train_with_policy

train_with_policy = _with_memory()
