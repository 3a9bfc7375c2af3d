# INTENT: replaces NaN per-example losses by 0 before the mean (a "safety" for float16), so the LSO never sees a NaN loss.
loss_fn = training.per_example_loss()

def train_step(model, optimizer, x, y):
    with tf.GradientTape() as tape:
        per = loss_fn(y, model(x, training=True))
        per = tf.where(tf.math.is_nan(per), tf.zeros_like(per), per)
        loss = tf.reduce_mean(per)
        scaled = optimizer.scale_loss(loss)
    grads = tape.gradient(scaled, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss
