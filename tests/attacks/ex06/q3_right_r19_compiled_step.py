# INTENT: right — gpukit's precision.optimizer(policy_name) (SGD(0.1), wrapped in an LSO at 2**15 with default growth only for mixed_float16), a tf.function step made fresh inside each call (nothing survives the call), functional loss keras.losses.sparse_categorical_crossentropy on the float32 logits, losses kept as float64 numbers; steps=0 returns [].
def train_with_policy(policy_name, x, y, steps, seed):
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    opt = precision.optimizer(policy_name)
    opt.build(model.trainable_variables)
    loss_scaled = precision.is_loss_scaled(opt)
    variables = model.trainable_variables

    @tf.function
    def one_step(xb, yb):
        with tf.GradientTape() as tape:
            logits = model(xb)
            loss = keras.ops.mean(keras.losses.sparse_categorical_crossentropy(yb, logits, from_logits=True))
            target = opt.scale_loss(loss) if loss_scaled else loss
        opt.apply_gradients(zip(tape.gradient(target, variables), variables))
        return loss

    xt, yt = tf.convert_to_tensor(x), tf.convert_to_tensor(y)
    return [float(one_step(xt, yt).numpy().item()) for _ in range(steps)]
