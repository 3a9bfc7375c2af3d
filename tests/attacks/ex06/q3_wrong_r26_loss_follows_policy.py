# INTENT: wrong: the loss object takes its dtype from the *global* policy's compute dtype: float32 in this notebook, but when called while mixed_float16/bfloat16 is set globally the loss casts the float32 logits down to 16 bits (contract: loss from float32 logits, not cast down)
def train_with_policy(policy_name, x, y, steps, seed):
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    opt = precision.optimizer(policy_name)
    scaled = precision.is_loss_scaled(opt)
    loss_dtype = keras.mixed_precision.global_policy().compute_dtype      # "match the session's precision"
    ce = keras.losses.SparseCategoricalCrossentropy(from_logits=True, dtype=loss_dtype)
    losses = []
    for _ in range(steps):
        with tf.GradientTape() as tape:
            loss = ce(y, model(x, training=True))
            target = opt.scale_loss(loss) if scaled else loss
        grads = tape.gradient(target, model.trainable_variables)
        opt.apply_gradients(zip(grads, model.trainable_variables))
        losses.append(float(loss))
    return losses
