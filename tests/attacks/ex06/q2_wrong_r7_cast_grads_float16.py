# INTENT: casts the (scaled) gradients to float16 "to save memory" before handing them to the LSO: rounds them.
loss_fn = training.per_example_loss()

def train_step(model, optimizer, x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(loss_fn(y, model(x, training=True)))
        scaled = optimizer.scale_loss(loss)
    grads = tape.gradient(scaled, model.trainable_variables)
    grads = [tf.cast(tf.cast(g, tf.float16), g.dtype) for g in grads]
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss
