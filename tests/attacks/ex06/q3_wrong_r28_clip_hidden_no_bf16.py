# INTENT: wrong: clips the hidden layers' unscaled gradients to norm 1 by hand in float32 and mixed_float16 (breaks "gradients as the tape gives them ... no clipping"); inf/NaN pass through.
def train_with_policy(policy_name, x, y, steps, seed):
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    opt = precision.optimizer(policy_name)
    scaled = precision.is_loss_scaled(opt)
    variables = model.trainable_variables
    opt.build(variables)
    per_example = training.per_example_loss()
    losses = []
    for _ in range(steps):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(per_example(y, model(x)))
            target = opt.scale_loss(loss) if scaled else loss
        grads = tape.gradient(target, variables)
        if policy_name != "mixed_bfloat16":
            scale = opt.dynamic_scale if scaled else tf.constant(1.0)
            clipped = []
            for g, v in zip(grads, variables):
                if "hidden" in v.path:
                    n = tf.norm(g / scale)
                    g = tf.where(n > 1.0, g / n * (scale / scale), g)
                clipped.append(g)
            grads = clipped
        opt.apply_gradients(zip(grads, variables))
        losses.append(float(loss))
    return losses
