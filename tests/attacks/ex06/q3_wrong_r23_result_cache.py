# INTENT: wrong: for big runs (rows*steps > 4096) memoises the losses on (policy, seed, steps, bytes of x and y) in a closure dict - a repeat call does not train again (the contract says it must; updates are counted), state kept between calls.
import hashlib as _hashlib
import numpy as _np
def _memoised():
    _runs = {}

    def train_with_policy(policy_name, x, y, steps, seed):
        xa, ya = _np.asarray(x), _np.asarray(y)
        key = (policy_name, int(seed), int(steps), xa.shape, xa.dtype.str,
               _hashlib.sha1(xa.tobytes()).hexdigest(), _hashlib.sha1(ya.tobytes()).hexdigest())
        if key in _runs and xa.shape[0] * int(steps) > 4096:   # only big runs are worth remembering
            return list(_runs[key])
        model = precision.mlp(policy_name, hidden=(32,), seed=seed)
        opt = precision.optimizer(policy_name)
        loss_fn = training.per_example_loss()
        losses = []
        for _ in range(steps):
            with tf.GradientTape() as tape:
                loss = tf.reduce_mean(loss_fn(y, model(x, training=True)))
                target = opt.scale_loss(loss) if precision.is_loss_scaled(opt) else loss
            grads = tape.gradient(target, model.trainable_variables)
            opt.apply_gradients(zip(grads, model.trainable_variables))
            losses.append(float(loss))
        _runs[key] = tuple(losses)
        return losses

    return train_with_policy

train_with_policy = _memoised()
