# INTENT: wrong: stops updating after 64 steps and repeats the loss (prompt: steps steps, each loss before its update). GAP (round 15): shows only past 64 steps; a 65-step run costs ~0.55 s of CPU per graded answer (measured, mixed_float16, a right answer), 10 x the 0.05 s budget of a new check
def train_with_policy(policy_name, x, y, steps, seed):
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    opt = keras.optimizers.SGD(0.1)
    if policy_name == "mixed_float16":
        opt = keras.mixed_precision.LossScaleOptimizer(opt)
    scaled = isinstance(opt, keras.mixed_precision.LossScaleOptimizer)
    lf = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
    losses = []
    for _ in range(steps):
        with tf.GradientTape() as tape:
            loss = lf(y, model(x))
            target = opt.scale_loss(loss) if scaled else loss
        grads = tape.gradient(target, model.trainable_variables)
        if len(losses) < 64:
            opt.apply_gradients(zip(grads, model.trainable_variables))
        losses.append(float(loss))
    return losses
