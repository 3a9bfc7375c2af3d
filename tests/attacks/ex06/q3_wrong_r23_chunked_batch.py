# INTENT: wrong: for batches over 2048 rows it accumulates gradients over 2048-row chunks and averages the chunk means - not the whole batch as given; with an uneven last chunk the loss and gradient weight examples wrongly.
import math as _math

def train_with_policy(policy_name, x, y, steps, seed, _chunk=2048):
    model = precision.mlp(policy_name, hidden=(32,), seed=seed)
    opt = precision.optimizer(policy_name)
    scaled = precision.is_loss_scaled(opt)
    loss_fn = training.per_example_loss()
    variables = model.trainable_variables
    n = int(tf.shape(x)[0])
    pieces = max(1, _math.ceil(n / _chunk))
    losses = []
    for _ in range(steps):
        total_loss, total_grads = 0.0, None
        for i in range(pieces):
            xb, yb = x[i * _chunk:(i + 1) * _chunk], y[i * _chunk:(i + 1) * _chunk]
            with tf.GradientTape() as tape:
                loss = tf.reduce_mean(loss_fn(yb, model(xb, training=True))) / pieces
                target = opt.scale_loss(loss) if scaled else loss
            g = tape.gradient(target, variables)
            total_grads = g if total_grads is None else [a + b for a, b in zip(total_grads, g)]
            total_loss += float(loss)
        opt.apply_gradients(zip(total_grads, variables))
        losses.append(total_loss)
    return losses
