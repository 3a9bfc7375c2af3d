# INTENT: right: different style: explicit keras LossScaleOptimizer(SGD(0.1)) only for mixed_float16, a per-call tf.function step (nothing kept), keras' mean SparseCategoricalCrossentropy on float32 logits, numpy float results
import numpy as np
def train_with_policy(policy_name, x, y, steps, seed):
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    sgd = keras.optimizers.SGD(learning_rate=0.1)
    use_scaling = policy_name == "mixed_float16"
    opt = keras.mixed_precision.LossScaleOptimizer(sgd) if use_scaling else sgd
    opt.build(model.trainable_variables)
    ce = keras.losses.SparseCategoricalCrossentropy(from_logits=True, dtype="float32")
    xs, ys = tf.convert_to_tensor(x), tf.convert_to_tensor(y)

    @tf.function
    def one_step():
        with tf.GradientTape() as tape:
            logits = model(xs, training=True)
            loss = ce(ys, logits)
            target = opt.scale_loss(loss) if use_scaling else loss
        grads = tape.gradient(target, model.trainable_variables)
        opt.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    out = []
    for _ in range(steps):
        out.append(np.float64(one_step().numpy()))
    return out
