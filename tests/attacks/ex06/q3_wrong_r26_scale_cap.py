# INTENT: wrong: caps the loss scale at 2**15 after each step ("float16 backprop tops out at 65504, a bigger scale can only overflow"): invisible until 2000 good steps or a check raises the scale, but the contract says the scale grows as Keras does (doubles every 2000 good steps, no cap)
_F16_SAFE_SCALE = 2.0 ** 15

def train_with_policy(policy_name, x, y, steps, seed):
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
        if scaled and float(opt.dynamic_scale.numpy()) > _F16_SAFE_SCALE:
            opt.dynamic_scale.assign(_F16_SAFE_SCALE)
        losses.append(float(loss))
    return losses
