# INTENT: wrong: keeps one built model per (policy, seed) in an lru_cache and starts each call from a clone with its initial weights ("building is slow"): same losses, but a model is kept between calls and later calls never build precision.mlp(...) themselves
import functools

@functools.lru_cache(maxsize=None)
def _initial(policy_name, seed):
    template = precision.mlp(policy_name, hidden=(32,), seed=seed)
    return template, [w.copy() for w in template.get_weights()]

def train_with_policy(policy_name, x, y, steps, seed):
    template, weights = _initial(policy_name, int(seed))
    with precision.policy(policy_name):
        model = keras.models.clone_model(template)
    model.set_weights(weights)
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
        losses.append(float(loss))
    return losses
