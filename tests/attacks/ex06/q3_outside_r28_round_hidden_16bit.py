# INTENT: wrong: rounds the 16-bit hidden layers' gradients to the policy's compute dtype by hand before the update (breaks "on the gradients as the tape gives them"; nothing rounded by hand).
# RULED outside (issue 38, round 28): the rounding is the identity, as round 14's q3_outside_r14_round_hidden_grads_bf16: a 16-bit hidden layer's gradient reaches its float32 variable as 16-bit values cast up (the AutoCastVariable's cast; float32's compute dtype is float32), so the weights are the recipe's to the bit: the gradients handed are the tape's
def train_with_policy(policy_name, x, y, steps, seed):
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    opt = precision.optimizer(policy_name)
    scaled = precision.is_loss_scaled(opt)
    low = precision.compute_dtype(policy_name)
    variables = model.trainable_variables
    per_example = training.per_example_loss()
    losses = []
    for _ in range(steps):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(per_example(y, model(x)))
            target = opt.scale_loss(loss) if scaled else loss
        grads = tape.gradient(target, variables)
        grads = [tf.cast(tf.cast(g, low), tf.float32) if "hidden" in v.path else g for g, v in zip(grads, variables)]
        opt.apply_gradients(zip(grads, variables))
        losses.append(float(loss))
    return losses
