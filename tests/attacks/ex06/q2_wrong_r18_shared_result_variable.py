# INTENT: wrong: returns one module-level tf.Variable reused by every call: an earlier step's returned loss changes when the next step runs
_LAST_LOSS = []

def train_step(model, optimizer, x, y):
    with tf.GradientTape() as tape:
        logits = model(x)
        loss = tf.reduce_mean(loss_fn(y, logits))
        scaled = optimizer.scale_loss(loss)
    grads = tape.gradient(scaled, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    if not _LAST_LOSS:
        _LAST_LOSS.append(tf.Variable(0.0, trainable=False, dtype=tf.float32))
    _LAST_LOSS[0].assign(loss)
    return _LAST_LOSS[0]
