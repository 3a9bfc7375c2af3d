# INTENT: wrong: hidden-layer gradients rounded to bfloat16 before the update "to match the compute dtype" (contract: SGD on the gradients, nothing added)
# RULED outside (issue 38, round 14, the lead): the rounding is the identity here (the weights equal to the bit), as round 5's q2_outside_r5_round_hidden_grads
# GAP (round 14): not catchable by any input: a mixed_bfloat16 hidden layer's gradient reaches its float32 variable as bfloat16 values cast up (the cast of the AutoCastVariable), so the rounding is the identity (the weights are the recipe's to the bit, measured); the same as round 5's q2_outside_r5_round_hidden_grads in float16
def train_with_policy(policy_name, x, y, steps, seed):
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    opt = keras.optimizers.SGD(0.1)
    scaled = policy_name == "mixed_float16"
    if scaled:
        opt = keras.mixed_precision.LossScaleOptimizer(opt)
    ce = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
    losses = []
    for _ in range(steps):
        with tf.GradientTape() as tape:
            loss = ce(y, model(x, training=True))
            target = opt.scale_loss(loss) if scaled else loss
        grads = tape.gradient(target, model.trainable_variables)
        if policy_name != "float32":
            grads = [g if "logits" in v.path else tf.cast(tf.cast(g, tf.bfloat16), g.dtype)
                     for g, v in zip(grads, model.trainable_variables)]
        opt.apply_gradients(zip(grads, model.trainable_variables))
        losses.append(float(loss))
    return losses
