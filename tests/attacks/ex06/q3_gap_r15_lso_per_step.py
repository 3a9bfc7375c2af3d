# INTENT: wrong: a new LossScaleOptimizer every 50 steps around the same SGD (prompt: one optimizer for the whole run; the scale resets). GAP (round 15): the second LossScaleOptimizer is built at step 50; counting constructions shows it only in a run of more than 50 steps (~0.45 s of CPU per graded answer, measured): over the budget
def train_with_policy(policy_name, x, y, steps, seed):
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    opt = keras.optimizers.SGD(0.1)
    if policy_name == "mixed_float16":
        opt = keras.mixed_precision.LossScaleOptimizer(opt)
    scaled = isinstance(opt, keras.mixed_precision.LossScaleOptimizer)
    lf = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
    losses = []
    base = opt.inner_optimizer if scaled else opt
    for k in range(steps):
        if scaled and k and k % 50 == 0:
            opt = keras.mixed_precision.LossScaleOptimizer(base)
        with tf.GradientTape() as tape:
            loss = lf(y, model(x))
            target = opt.scale_loss(loss) if scaled else loss
        grads = tape.gradient(target, model.trainable_variables)
        opt.apply_gradients(zip(grads, model.trainable_variables))
        losses.append(float(loss))
    return losses
