def train_with_policy(policy_name, x, y, steps, seed):
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    opt = keras.optimizers.SGD(0.1)
    if policy_name == "mixed_float16":
        opt = keras.mixed_precision.LossScaleOptimizer(opt)
    scaled = isinstance(opt, keras.mixed_precision.LossScaleOptimizer)
    opt.build(model.trainable_variables)   # creates the loss-scale variable before the first step
    ce = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
    losses = []
    for _ in range(steps):
        with tf.GradientTape() as tape:
            loss = ce(y, model(x))
            # multiply by the optimizer's CURRENT scale, read every step
            target = loss * tf.cast(opt.dynamic_scale, loss.dtype) if scaled else loss
        grads = tape.gradient(target, model.trainable_variables)
        opt.apply_gradients(zip(grads, model.trainable_variables))
        losses.append(float(loss))
    return losses
